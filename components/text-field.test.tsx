import { render, screen } from '@testing-library/react';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels its input', () => {
    render(<TextField label="Login id" name="loginId" />);
    const input = screen.getByLabelText('Login id');
    expect(input).toHaveAttribute('name', 'loginId');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('ties its error to the input', () => {
    render(<TextField label="Password" type="password" error="Enter your password." />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter your password.');
  });

  it('keeps its own error and adds what else describes it', () => {
    render(
      <>
        <p id="form-alert">The login id or the password is not right.</p>
        <TextField label="Password" error="Enter your password." aria-describedby="form-alert" />
        <TextField label="Login id" aria-describedby="form-alert" />
      </>,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Enter your password. The login id or the password is not right.',
    );
    expect(screen.getByLabelText('Login id')).toHaveAccessibleDescription(
      'The login id or the password is not right.',
    );
  });
});
