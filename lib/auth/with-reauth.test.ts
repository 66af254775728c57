import { ApiError } from '@/lib/api/api-error';
import { isReauthCancelled, passwordIsStale, ReauthCancelled, withReauth } from './with-reauth';

const reauthRequired = () => new ApiError('reauth_required', 'Enter it again', { status: 401 });

/** An action that fails with each of `failures` in turn, then succeeds with `done`. */
function actionFailing(...failures: Error[]) {
  const action = jest.fn(async () => {
    const failure = failures.shift();
    if (failure) throw failure;
    return 'done';
  });
  return action;
}

describe('withReauth', () => {
  it('an action that succeeds runs once and asks for nothing', async () => {
    const action = actionFailing();
    const ask = jest.fn(async () => true);
    await expect(withReauth(action, ask)).resolves.toBe('done');
    expect(action).toHaveBeenCalledTimes(1);
    expect(ask).not.toHaveBeenCalled();
  });

  it('reauth_required asks for the password, then sends the same action again', async () => {
    const action = actionFailing(reauthRequired());
    const ask = jest.fn(async () => true);
    await expect(withReauth(action, ask)).resolves.toBe('done');
    expect(ask).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('the prompt closed: ReauthCancelled, and the action is not sent again', async () => {
    const action = actionFailing(reauthRequired());
    const failure = await withReauth(action, async () => false).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReauthCancelled);
    expect(isReauthCancelled(failure)).toBe(true);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it.each([
    new ApiError('unauthorized', 'Sign in', { status: 401 }),
    new ApiError('invalid_credentials', 'No', { status: 401 }),
    new ApiError('last_admin', 'Keep one', { status: 409 }),
    new TypeError('Failed to fetch'),
  ])('any other failure (%s) is the action’s own, without asking', async (error) => {
    const ask = jest.fn(async () => true);
    await expect(withReauth(actionFailing(error), ask)).rejects.toBe(error);
    expect(ask).not.toHaveBeenCalled();
  });

  it('a second reauth_required after the password is the action’s failure, not a loop', async () => {
    const second = reauthRequired();
    const action = actionFailing(reauthRequired(), second);
    const ask = jest.fn(async () => true);
    await expect(withReauth(action, ask)).rejects.toBe(second);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('the retry’s own failure is passed on', async () => {
    const conflict = new ApiError('self_change', 'Not yourself', { status: 409 });
    const action = actionFailing(reauthRequired(), conflict);
    await expect(withReauth(action, async () => true)).rejects.toBe(conflict);
  });
});

describe("a password already too old by this browser's clock", () => {
  it('is asked for before the action, which then runs once', async () => {
    const order: string[] = [];
    const result = await withReauth(
      async () => {
        order.push('action');
        return 'done';
      },
      async () => {
        order.push('ask');
        return true;
      },
      () => true,
    );
    expect(result).toBe('done');
    expect(order).toEqual(['ask', 'action']);
  });

  it('sends nothing when the prompt is closed', async () => {
    const action = jest.fn(async () => 'done');
    await expect(
      withReauth(
        action,
        async () => false,
        () => true,
      ),
    ).rejects.toBeInstanceOf(ReauthCancelled);
    expect(action).not.toHaveBeenCalled();
  });

  it.each([
    [null, false],
    [0, false],
    [15 * 60 * 1000 - 1, false],
    [15 * 60 * 1000, true],
  ])('entered %s ms before: stale %s', (ago, stale) => {
    const now = 1_800_000_000_000;
    expect(passwordIsStale(ago === null ? null : now - ago, now)).toBe(stale);
  });
});
