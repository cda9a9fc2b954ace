import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './ErrorSummary.tsx';
import { fieldId } from './form-errors.ts';

const FIELDS = { email: 'Email address', password: 'Password' };

describe('ErrorSummary', () => {
  it('shows nothing when there are no errors', () => {
    const { container } = render(<ErrorSummary errors={[]} attempt={0} fields={FIELDS} />);
    expect(container.innerHTML).toBe('');
  });

  it('lists errors in the order of the form, each field error a link naming its field that focuses it', () => {
    render(
      <>
        <ErrorSummary
          attempt={1}
          fields={FIELDS}
          errors={[
            { field: 'password', message: 'Enter your password' },
            { field: null, message: 'Something went wrong. Please try again.' },
            { field: 'email', message: 'Enter a valid email address' },
          ]}
        />
        <input id={fieldId('email')} />
        <input id={fieldId('password')} />
      </>,
    );
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    const items = summary.querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(['Something went wrong. Please try again.', 'Email address: Enter a valid email address', 'Password: Enter your password']);
    fireEvent.click(screen.getByRole('link', { name: 'Password: Enter your password' }));
    expect(document.getElementById(fieldId('password'))).toHaveFocus();
  });

  it('names the field even when the message is the only one of its kind', () => {
    render(<ErrorSummary attempt={1} fields={FIELDS} errors={[{ field: 'email', message: 'Required field' }, { field: 'other', message: 'Not a field here' }]} />);
    expect(screen.getByRole('link').textContent).toBe('Email address: Required field');
    // An error about a field this form does not have stays text, as it came.
    expect(screen.getByText('Not a field here').tagName).toBe('LI');
  });
});
