// Vega-Lite specs to SVG text with Vega's headless renderer: no browser, DOM or canvas.

import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** The SVG text of a chart. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
