import { htmlDocument } from '../html';
import type { FixtureRoute } from '../routing';
import { sendHtml } from '../routing';

const TABLES_HTML = htmlDocument({
  title: 'Bridge inventory',
  body: `<main>
<h1>Bridge inventory</h1>
<p>Every crossing maintained by the city, with its material and last inspection.</p>
<table>
  <thead>
    <tr><th>Bridge</th><th>River</th><th>Material</th><th>Opened</th><th>Last inspection</th></tr>
  </thead>
  <tbody>
    <tr>
      <td><a href="/places/stone-bridge">Stone Bridge</a></td><td>Wend</td><td><strong>Limestone</strong></td>
      <td>1742</td><td>2023-06-01</td>
    </tr>
    <tr><td>Mill Footbridge</td><td>Asker</td><td><em>Steel</em> and timber</td><td>1911</td><td>2022-11-15</td></tr>
    <tr>
      <td>Brook Crossing</td><td>Little Brook</td><td>Concrete (<code>culvert</code>)</td>
      <td>1968</td><td>2024-01-20</td>
    </tr>
    <tr>
      <td>Harbour Swing Bridge</td><td>Wend</td><td>Cast iron | steel</td><td>1889</td>
      <td><a href="https://fixtures.example/reports/2021-harbour.pdf">2021 report</a></td>
    </tr>
  </tbody>
</table>
<h2>Footfall</h2>
<table class="footfall">
  <tr><th>Year</th><th>Pedestrians per day</th></tr>
  <tr><td>2022</td><td>12,400</td></tr>
  <tr><td>2023</td><td>13,050</td></tr>
</table>
</main>`,
});

const CODE_HTML = htmlDocument({
  title: 'Reading the river gauge API',
  body: `<main>
<h1>Reading the river gauge API</h1>
<p>Call <code>fetchLevel(station)</code> to read the latest level in metres.</p>
<pre><code class="language-typescript">export async function fetchLevel(station: string): Promise&lt;number&gt; {
  const response = await fetch(\`https://gauges.example/api/\${station}\`);
  if (!response.ok) throw new Error('gauge offline');

  const { level } = (await response.json()) as { level: number };
  return level;
}
</code></pre>
<p>The same in Python:</p>
<pre class="highlight"><code class="lang-python">def fetch_level(station: str) -&gt; float:
    response = requests.get(f"https://gauges.example/api/{station}")
    response.raise_for_status()
    return response.json()["level"]
</code></pre>
<p>And from a shell:</p>
<pre><code class="hljs language-bash">curl -s https://gauges.example/api/wend-01 | jq '.level'
</code></pre>
<pre>plain preformatted text
    keeps its   spacing</pre>
</main>`,
});

const LISTS_HTML = htmlDocument({
  title: 'Walking routes',
  body: `<main>
<h1>Walking routes</h1>
<ul>
  <li>Riverside loop
    <ul>
      <li>Start at the <a href="/places/stone-bridge">Stone Bridge</a></li>
      <li>Follow the towpath
        <ol>
          <li>Pass the mill</li>
          <li>Cross at the weir</li>
        </ol>
      </li>
    </ul>
  </li>
  <li>Hill walk</li>
  <li><strong>Harbour</strong> stroll</li>
</ul>
<h2>Before you set out</h2>
<ol start="3">
  <li>Check the tide table</li>
  <li>Pack water
    <ul>
      <li>At least one litre</li>
    </ul>
  </li>
</ol>
</main>`,
});

/** `/tables`, `/code`, `/lists`: pages built around one kind of structured markup each. */
export const structuredRoutes: FixtureRoute[] = [
  { pattern: '/tables', handle: ({ res }) => sendHtml(res, TABLES_HTML) },
  { pattern: '/code', handle: ({ res }) => sendHtml(res, CODE_HTML) },
  { pattern: '/lists', handle: ({ res }) => sendHtml(res, LISTS_HTML) },
];
