import { expandTemplate, type TemplateValues } from '../../src/core/templates/expand-template';
import { shiftDate } from '../../src/core/dates/shift-date';

const NOW = new Date(2026, 10, 21, 9, 5, 7);
const TEMPLATES: TemplateValues = { title: 'Kickoff', date: NOW, dateFormat: 'DD.MM.YYYY', timeFormat: 'h:mm A' };
const DAILY: TemplateValues = { title: '2026-11-21', date: NOW, dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm', daily: true };

describe('expandTemplate', () => {
  it.each([
    ['# {{title}}', '# Kickoff'],
    ['{{date}} {{time}}', '21.11.2026 9:05 AM'],
    ['{{date:YYYY-MM-DD}} {{time:HH:mm}} {{time:YYYY}} {{date:dddd, MMMM Do}}', '2026-11-21 09:05 2026 Saturday, November 21st'],
    ['{{ Title }} {{DATE}} {{ date : YYYY }}', 'Kickoff 21.11.2026 2026'],
    ['{{date:[Week] ww}}', 'Week 47'],
  ])('Templates: %s', (template, expected) => {
    expect(expandTemplate(template, TEMPLATES)).toBe(expected);
  });

  it('leaves what it does not know as written: other names, a title with a format, daily-only variables outside a daily note', () => {
    const text = '{{weather}} {{title:x}} {{yesterday}} {{date+1d:YYYY}} {{date:}} {{ date';
    expect(expandTemplate(text, TEMPLATES)).toBe(text);
  });

  it('expands in one pass: a value holding a variable stays as it is', () => {
    expect(expandTemplate('{{title}} {{date}}', { ...TEMPLATES, title: '{{date}}' })).toBe('{{date}} 21.11.2026');
  });

  it.each([
    ['{{date}} {{yesterday}} {{tomorrow}} {{time}}', '2026-11-21 2026-11-20 2026-11-22 09:05'],
    ['{{date+1d:ddd}} {{date-1w:YYYY-MM-DD}} {{date+1M:MMM}} {{date+2y:YYYY}} {{date+1q:MMM}}', 'Sun 2026-11-14 Dec 2028 Feb'],
    ['{{time+90m:HH:mm}} {{time-2h:HH:mm}} {{time+30s:ss}}', '10:35 07:05 37'],
    ['{{date+1d}}', '2026-11-22'],
  ])('daily notes also expand offsets, yesterday and tomorrow: %s', (template, expected) => {
    expect(expandTemplate(template, DAILY)).toBe(expected);
  });
});

describe('shiftDate', () => {
  it('moves by calendar months to the last day of a shorter month, as moment does', () => {
    expect(shiftDate(new Date(2026, 0, 31, 12), 1, 'M')).toEqual(new Date(2026, 1, 28, 12));
    expect(shiftDate(new Date(2024, 0, 31, 12), 1, 'M')).toEqual(new Date(2024, 1, 29, 12));
    expect(shiftDate(new Date(2024, 1, 29, 12), 1, 'y')).toEqual(new Date(2025, 1, 28, 12));
    expect(shiftDate(new Date(2026, 2, 31, 12), -1, 'q')).toEqual(new Date(2025, 11, 31, 12));
  });
});
