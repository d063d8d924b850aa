import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import TermsOfServicePage from './TermsOfServicePage';

describe('Terms of Service', () => {
  it('explains affiliate links in the terms, with no ads or trackers', () => {
    const { container } = render(
      <MemoryRouter>
        <TermsOfServicePage />
      </MemoryRouter>,
    );
    const paragraph = container.querySelector('#affiliate-links');
    expect(paragraph?.textContent).toMatch(/View Deal links are affiliate links/);
    expect(paragraph?.textContent).toMatch(/no ads and puts no third-party trackers/);
  });
});
