import { editedHtml } from '../../dom/dom-document';
import { removeReadingTimes } from './reading-time';

const TEXT =
  '<p>Set the monitor an arm’s length away, with the top of the screen at or just below the height of your eyes.</p>' +
  '<p>Keep the keyboard close enough that your elbows stay at your sides and bend at about ninety degrees.</p>';

describe('reading times', () => {
  it.each([
    ['a reading time', '<div><span>5 min read</span></div>'],
    ['one in capitals with a dot', '<p>3 MIN. READ</p>'],
    ['one spelt with a hyphen', '<div>8-minute read</div>'],
    [
      'one labelled across spans',
      '<div><span><span>Reading Time: </span> <span> 11</span> <span>minutes</span></span></div>',
    ],
    ['an estimated one', '<p>Est. reading time: 4 min</p>'],
    ['one beside its clock icon', '<div><img src="/clock.png" alt="">0 min. read</div>'],
  ])('removes %s', (_name, line) => {
    expect(editedHtml(`${line}${TEXT}`, removeReadingTimes)).toBe(TEXT);
    expect(editedHtml(`<section>${line}${TEXT}</section>`, removeReadingTimes)).toBe(`<section>${TEXT}</section>`);
  });

  it.each([
    ["a recipe step's time", '<ul><li>Prep time</li><li>5 minutes</li></ul>'],
    ['a sentence that mentions one', '<p>Most of our guides are a 5 min read, this one is longer.</p>'],
    ['a reading time beside a date', '<p>June 4, 2025 · 5 min read</p>'],
    ['a time to read aloud', '<p>Read aloud for 10 minutes each night</p>'],
  ])('keeps %s', (_name, line) => {
    const body = `<div>${line}</div>${TEXT}`;
    expect(editedHtml(body, removeReadingTimes)).toBe(body);
  });
});
