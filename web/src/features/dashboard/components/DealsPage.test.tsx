import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DealsPage } from './DealsPage';

describe('affiliate disclosure', () => {
  it('tells subscribers before any deal that View Deal links may be affiliate links', () => {
    render(
      <MemoryRouter>
        <DealsPage>
          <div data-testid="deals" />
        </DealsPage>
      </MemoryRouter>,
    );
    const note = screen.getByText(/View Deal links may be affiliate links/);
    // Before the deal list, so it is read (and seen) before any View Deal click.
    expect(
      note.compareDocumentPosition(screen.getByTestId('deals')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How this works' })).toHaveAttribute(
      'href',
      '/terms-of-service#affiliate-links',
    );
  });
});
