import { parseStartOptions, replicaLabel, replicaPort, serviceOfLabel } from './start-options';

describe('parseStartOptions', () => {
  it('runs one process of each service without arguments', () => {
    expect(parseStartOptions([])).toEqual({ replicas: 1 });
  });

  it.each([
    [['--replicas', '2'], 2],
    [['--replicas=3'], 3],
  ])('reads %j', (args, replicas) => {
    expect(parseStartOptions(args)).toEqual({ replicas });
  });

  it.each([[['--replicas']], [['--replicas', '0']], [['--replicas', '5']], [['--replicas=2.5']], [['--replica', '2']]])(
    'refuses %j with the usage',
    (args) => {
      expect(() => parseStartOptions(args)).toThrow(/usage: npm start/);
    },
  );
});

describe('replica naming', () => {
  it('keeps the first replica on the service port and name, and moves later ones by a thousand', () => {
    expect([0, 1, 2].map((index) => replicaPort(3002, index))).toEqual([3002, 4002, 5002]);
    expect([0, 1].map((index) => replicaLabel('scrape-worker', index))).toEqual(['scrape-worker', 'scrape-worker#2']);
    expect(serviceOfLabel('scrape-worker#2')).toBe('scrape-worker');
    expect(serviceOfLabel('scrape-worker')).toBe('scrape-worker');
  });
});
