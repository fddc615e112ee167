import { editedHtml } from '../../dom/dom-document';
import { removeLegalNotices } from './legal-notice';

const story = '<p>The marathon record fell by eleven seconds on a cool, still morning in Berlin.</p>';

describe('legal notices', () => {
  it.each([
    'Copyright © 2025 WABC-TV. All Rights Reserved.',
    '© 2025 Bellhop, Inc <a href="/terms">Terms</a> <a href="/privacy">Privacy</a>',
    '© Garmin Ltd. or its subsidiaries. All rights reserved.',
    'Except as otherwise noted, the content of this page is licensed under the Creative Commons Attribution 4.0 License.',
  ])('removes the footer line "%s"', (notice) => {
    expect(editedHtml(`${story}<div><p>${notice}</p></div>`, removeLegalNotices)).toBe(`${story}<div></div>`);
  });

  it('keeps a copyright written without the sign, a picture credit and a long licence', () => {
    const body =
      `${story}<p>Copyright 1998-2005 Free Software Foundation, Inc.</p><p>© Victor Sailer</p>` +
      `<p>© 2024 The authors. ${'This article is distributed under the terms of an open licence. '.repeat(6)}</p>`;
    expect(editedHtml(body, removeLegalNotices)).toBe(body);
  });
});
