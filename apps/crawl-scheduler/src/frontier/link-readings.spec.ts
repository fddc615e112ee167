import { JobLinkReadings, LinkReadings } from './link-readings';

const reading = (key: string) => ({ key, url: { href: `https://site.test/${key}`, origin: 'https://site.test' } });

describe('LinkReadings', () => {
  it('keeps one set of readings per crawl', () => {
    const readings = new LinkReadings();
    readings.of('job-a').remember('https://site.test/x', reading('x'));
    expect(readings.of('job-a').get('https://site.test/x')).toEqual(reading('x'));
    expect(readings.of('job-b').get('https://site.test/x')).toBeUndefined();
  });

  it('forgets the crawl read least recently once it holds its most crawls', () => {
    const readings = new LinkReadings(2);
    readings.of('job-a').remember('l', null);
    readings.of('job-b').remember('l', null);
    readings.of('job-a');
    readings.of('job-c');
    expect(readings.of('job-a').get('l')).toBeNull();
    expect(readings.of('job-b').get('l')).toBeUndefined();
  });

  it("starts a crawl's readings over once they reach their capacity", () => {
    const job = new JobLinkReadings(2);
    job.remember('one', null);
    job.remember('two', reading('two'));
    job.remember('three', reading('three'));
    expect(job.get('one')).toBeUndefined();
    expect(job.get('three')).toEqual(reading('three'));
  });
});
