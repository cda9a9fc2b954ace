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

  it('lists errors in the order of the form, each field error a link that focuses its field', () => {
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
    expect(document.activeElement).toBe(summary);
    const items = summary.querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(['Something went wrong. Please try again.', 'Enter a valid email address', 'Enter your password']);
    fireEvent.click(screen.getByRole('link', { name: 'Enter your password' }));
    expect(document.activeElement?.id).toBe(fieldId('password'));
  });
});
