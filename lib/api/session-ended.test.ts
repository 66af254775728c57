import { onSessionEnded, reportSessionEnded } from './session-ended';

describe('session ended', () => {
  test('every listener hears each report until it stops listening', () => {
    const heard: string[] = [];
    const stopA = onSessionEnded(() => heard.push('a'));
    const stopB = onSessionEnded(() => heard.push('b'));
    expect(reportSessionEnded()).toBe(true);
    stopA();
    reportSessionEnded();
    stopB();
    // Nobody listens: the caller learns it, and leaves the page itself.
    expect(reportSessionEnded()).toBe(false);
    expect(heard).toEqual(['a', 'b', 'b']);
  });

  test('a listener that stops listening while told does not stop the others hearing it', () => {
    const heard: string[] = [];
    const stopA: () => void = onSessionEnded(() => {
      heard.push('a');
      stopA();
    });
    const stopB = onSessionEnded(() => heard.push('b'));
    reportSessionEnded();
    stopB();
    expect(heard).toEqual(['a', 'b']);
  });
});
