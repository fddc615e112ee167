import { editedHtml } from '../../dom/dom-document';
import { removeStoryDatelines } from './story-dateline';

const STORY =
  '<p>The council voted on the budget late on Tuesday, after a debate that ran for more than four hours.</p>' +
  '<p>Residents who spoke against it said the plan had been rushed through on March 3 without a consultation.</p>';

describe('story datelines', () => {
  it.each([
    ['a date alone', '<p>September 18, 2024</p>'],
    ['a date before the day', '<div><span>15 Dec, 2025</span></div>'],
    ['a publication line with its time', '<p>Published on June 23, 2025 10:39AM</p>'],
    ['a reading time after a name', '<div><span>Metro Desk</span> | <span>5 min read</span></div>'],
    ['a credit with a date', '<p>Posted by <a href="/david">David</a> at December 16, 2025</p>'],
    ['a credit alone', '<p>Written by <a href="/paulo">Paulo Gomes</a></p>'],
  ])('removes %s', (_name, line) => {
    expect(editedHtml(`${line}${STORY}`, removeStoryDatelines)).toBe(STORY);
    expect(editedHtml(`${STORY}${line}`, removeStoryDatelines)).toBe(STORY);
  });

  it.each([
    ['a bare byline', '<p>By Jane Doe</p>'],
    ['a publisher', '<p>Published by Hachette</p>'],
    ['a live blog entry headed by its time', '<h3>March 6, 14:05</h3>'],
    ['a timeline row', '<table><tbody><tr><td>Mar 6, 2026</td><td>Key expires</td></tr></tbody></table>'],
    ['a sentence holding a date', '<p>The vote is on May 20.</p>'],
    ['a date beside its label', '<div>Release date: <span>Aug 21, 2012</span></div>'],
    [
      "the dates of a list's items",
      '<ul><li><a href="/a">Budget passes</a></li><li>March 6, 2026</li><li><a href="/b">Rates held</a></li>' +
        '<li>March 5, 2026</li><li><a href="/c">Bridge shut</a></li><li>March 4, 2026</li>' +
        '<li><a href="/d">Mayor resigns</a></li><li>March 3, 2026</li></ul>',
    ],
  ])('keeps %s', (_name, line) => {
    const body = `${line}${STORY}`;
    expect(editedHtml(body, removeStoryDatelines)).toBe(body);
  });
});
