import type { SeededRandom } from './prng';

// Hand-written sentences that generated pages draw from, so long pages read like prose rather than filler.
const SENTENCES = [
  'The old mill by the river was converted into a library in the spring of 1987.',
  'Residents still argue about whether the footbridge should have been painted green or left as bare steel.',
  'Every Saturday morning the market fills the square with bread, cheese, and far too many tomatoes.',
  'Engineers measured the flow of the river at three points along the canal and found the readings consistent.',
  'A narrow lane behind the church leads to a garden that few visitors ever discover.',
  'The council published its annual report on air quality, which showed a modest improvement since last year.',
  'Cyclists were asked to dismount on the bridge during the festival weekend.',
  'Most of the houses on the hill were built from the same pale limestone as the cathedral.',
  'The tram line, closed in 1953, reopened after a decade of planning and two public consultations.',
  'Local historians believe the first settlement stood where the railway station is today.',
  'In winter the pond freezes often enough that the skating club keeps its equipment in the boathouse.',
  'The bakery on the corner opens at six, and by seven the queue reaches the pharmacy next door.',
  'Volunteers planted four hundred trees along the eastern ring road over a single weekend.',
  'A survey of the archive revealed letters written by the town clerk during the great flood.',
  'Night buses run every thirty minutes on Fridays and Saturdays, and hourly during the rest of the week.',
  'The observatory on the ridge opens to the public on the first clear evening of each month.',
  'Children from the primary school painted the mural that now covers the wall of the swimming pool.',
  'Shops along the high street agreed to close an hour early on the evening of the lantern parade.',
  'The museum added a room dedicated to the textile workers who once made up half of the population.',
  'Heavy rain in October raised the water level to within a metre of the embankment.',
  'A new timetable shortened the journey to the coast by almost twenty minutes.',
  'The orchard on the south slope produces apples that the cider makers prize above all others.',
  'Many of the street names recall trades that disappeared more than a century ago.',
  'The restored organ was played in public for the first time in forty years.',
  'Walkers can follow the towpath for eleven kilometres before it meets the main road.',
  'A small press on Mill Street prints the weekly newsletter on paper made from recycled posters.',
  'The harbour master keeps a handwritten log of every vessel that enters after dark.',
  'Students measured the temperature of the stream every day for a full year as part of a science project.',
  'The covered market was designed by an architect better known for her railway stations.',
  'Each autumn the botanical garden holds a sale of seeds collected from its own beds.',
];

/** A paragraph of `count` sentences chosen by `random`. */
export function sentences(random: SeededRandom, count: number): string {
  return Array.from({ length: count }, () => random.pick(SENTENCES)).join(' ');
}

/** A short title-cased phrase for headings and link texts. */
export function phrase(random: SeededRandom, words: number): string {
  const source = random.pick(SENTENCES).replace(/[.,]/g, '').split(' ');
  const start = random.int(0, Math.max(0, source.length - words));
  const chosen = source.slice(start, start + words).join(' ');
  return chosen.charAt(0).toUpperCase() + chosen.slice(1);
}
