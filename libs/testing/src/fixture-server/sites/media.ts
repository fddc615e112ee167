import { htmlDocument } from '../html';
import { gradientPng } from '../png';
import type { FixtureRoute } from '../routing';
import { send } from '../routing';

const JSON_BODY = JSON.stringify(
  {
    name: 'river gauges',
    updated: '2024-03-14T08:30:00Z',
    stations: [
      { id: 'wend-01', level: 1.42, unit: 'm' },
      { id: 'asker-02', level: 0.87, unit: 'm' },
    ],
    note: 'Grüße aus Mühlheim – 川',
  },
  null,
  2,
);

const TEXT_BODY = `River gauge readings
====================

Wend (station 01): 1.42 m
Asker (station 02): 0.87 m

Readings are taken every fifteen minutes. Ünïcödé survives.
`;

const PNG = gradientPng(16);
const BINARY = Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 7) % 256));
const UNTYPED_HTML = htmlDocument({
  title: 'No content type',
  body: '<h1>No content type</h1><p>Served without a Content-Type header.</p>',
});

/** `/json`, `/text`, `/image.png`, `/binary` and `/untyped` (HTML without a Content-Type header). */
export const mediaRoutes: FixtureRoute[] = [
  { pattern: '/json', handle: ({ res }) => send(res, 200, { 'content-type': 'application/json' }, JSON_BODY) },
  { pattern: '/text', handle: ({ res }) => send(res, 200, { 'content-type': 'text/plain; charset=utf-8' }, TEXT_BODY) },
  { pattern: '/image.png', handle: ({ res }) => send(res, 200, { 'content-type': 'image/png' }, PNG) },
  { pattern: '/binary', handle: ({ res }) => send(res, 200, { 'content-type': 'application/octet-stream' }, BINARY) },
  { pattern: '/untyped', handle: ({ res }) => send(res, 200, {}, UNTYPED_HTML) },
];
