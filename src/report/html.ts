// The report's HTML: one self-contained page (inline SVG charts and CSS, no scripts, nothing fetched).

import type { GameSection, Row, Series } from './model.js';

/** A section with its charts drawn. */
export interface DrawnSection {
  readonly section: GameSection;
  readonly winSvg: string;
  readonly cardsSvg: string | undefined;
  readonly foresightSvg?: string | undefined;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A fraction as a percentage with three significant digits, so that rare wins still show. */
export function percent(x: number): string {
  if (!Number.isFinite(x)) return '';
  const pct = x * 100;
  return pct === 0 ? '0%' : `${Math.abs(pct) >= 100 ? pct.toFixed(1) : pct.toPrecision(3)}%`;
}

const int = (x: string | undefined) => (x === undefined || x === '' ? '' : Number(x).toLocaleString('en'));

function seriesRow(s: Series): string {
  const r = s.row;
  const cells =
    s.kind === 'player'
      ? [
          s.label,
          int(r.deals),
          int(r.wins),
          percent(s.rate),
          `${percent(s.low)} – ${percent(s.high)}`,
          r.mean_cards_on_foundations ? `${r.mean_cards_on_foundations} of ${r.cards_in_play}` : '',
          r.seed ?? '',
          r.player_settings ?? '',
        ]
      : [
          s.label,
          int(r.deals),
          `${int(r.solved)} solved, ${int(r.unsolvable)} proved lost, ${int(r.unknown)} unknown`,
          percent(s.rate),
          `${percent(s.low)} – ${percent(s.high)}`,
          '',
          r.seed ?? '',
          `at most ${budgetText(r.node_budget)} positions a deal`,
        ];
  return `<tr class="${s.kind}">${cells.map((c, i) => (i === 0 ? `<th scope="row">${esc(c)}</th>` : `<td>${esc(c)}</td>`)).join('')}</tr>`;
}

function comparisonRow(r: Row): string {
  const p = Number(r.mcnemar_p);
  const cells = [
    `${r.a} vs ${r.b}`,
    int(r.deals),
    `${int(r.both)} / ${int(r.only_a)} / ${int(r.only_b)} / ${int(r.neither)}`,
    `${percent(Number(r.win_rate_a))} vs ${percent(Number(r.win_rate_b))}`,
    `${percent(Number(r.difference))} (${percent(Number(r.difference_ci_low))} to ${percent(Number(r.difference_ci_high))})`,
    Number.isFinite(p) ? p.toPrecision(3) : '',
    r.until === 'decided' ? `${r.sprt_decision} (delta ${r.sprt_delta})` : '',
  ];
  return `<tr>${cells.map((c, i) => (i === 0 ? `<th scope="row">${esc(c)}</th>` : `<td>${esc(c)}</td>`)).join('')}</tr>`;
}

function sectionHtml(d: DrawnSection): string {
  const s = d.section;
  const parts = [
    `<section id="${esc(s.game)}">`,
    `<h2>${esc(s.title)} <small>(${esc(s.game)})</small></h2>`,
    s.varying.length > 0
      ? `<p>Rule readings differ in ${s.varying.map((v) => `<code>${esc(v)}</code>`).join(', ')}; labels name them.</p>`
      : '',
    `<figure class="chart" data-chart="win-rates">${d.winSvg}</figure>`,
    d.cardsSvg ? `<figure class="chart" data-chart="cards">${d.cardsSvg}</figure>` : '',
    d.foresightSvg
      ? `<figure class="chart" data-chart="foresight">${d.foresightSvg}</figure><p class="note">Foresight is not a player: it is told the next k cards of the stock and of every hidden pile, which no person at the table sees.</p>`
      : '',
    '<table><thead><tr><th>player · reading</th><th>deals</th><th>wins</th><th>win rate</th><th>95% interval</th><th>mean cards on foundations</th><th>seed</th><th>settings</th></tr></thead>',
    `<tbody>${s.series.map(seriesRow).join('')}</tbody></table>`,
  ];
  if (s.comparisons.length > 0) {
    parts.push(
      '<h3>Paired comparisons on the same deals</h3>',
      '<table><thead><tr><th>A vs B</th><th>deals</th><th>both / only A / only B / neither</th><th>win rates</th><th>A − B (95% interval)</th><th>McNemar p</th><th>sequential test</th></tr></thead>',
      `<tbody>${s.comparisons.map(comparisonRow).join('')}</tbody></table>`,
    );
  }
  parts.push('</section>');
  return parts.filter((p) => p !== '').join('\n');
}

const STYLE = `
body { font: 15px/1.45 Helvetica, Arial, sans-serif; color: #222; margin: 2em auto; max-width: 980px; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { margin-top: 2.2em; border-bottom: 1px solid #ccc; } h2 small { color: #777; font-weight: normal; }
figure.chart { margin: 1em 0; overflow-x: auto; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #e5e5e5; text-align: right; }
th[scope=row], thead th:first-child { text-align: left; }
tr.solver th, tr.solver td { color: #b33; }
nav a { margin-right: 0.8em; white-space: nowrap; }
code { background: #f3f3f3; padding: 0 0.2em; }
.note { color: #555; font-size: 0.9em; }`;

/** The whole page. `sources` lists the files read (as given), shown at the end. */
export function reportHtml(sections: readonly DrawnSection[], sources: readonly string[], version: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>patience: win rates of two-pack patience games</title>',
    `<style>${STYLE}</style></head><body>`,
    '<h1>Win rates of two-pack patience games</h1>',
    '<p class="note">Every figure is a share of reproducible deals (seed and deal range in each row), with a 95% Wilson interval. ' +
      "Players see only what a person at the table sees. The solver's interval, where shown, is an upper bound on any player: " +
      'deals winnable with every card known, counting the deals it could not decide as lost at the low end and as won at the high end.</p>',
    `<nav>${sections.map((d) => `<a href="#${esc(d.section.game)}">${esc(d.section.title)}</a>`).join(' ')}</nav>`,
    ...sections.map(sectionHtml),
    `<h2>Sources</h2><p class="note">Made by <code>patience report</code> ${esc(version)} from ${sources.length} files: ${sources.map((s) => `<code>${esc(s)}</code>`).join(', ')}.</p>`,
    '</body></html>',
    '',
  ].join('\n');
}

/** A solve row's budget as text: "1,000,000", or an escalation "100,000, then 1,000,000". */
function budgetText(budget: string | undefined): string {
  return (budget ?? '')
    .split(',')
    .map((b) => int(b))
    .join(', then ');
}
