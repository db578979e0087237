// Games' own greedy priorities, drawn from each book's advice where the generic rules (greedy.ts) play a game
// badly. A game without an entry is played by the generic rules alone.

import type { Advice } from '../core/game.js';
import { sultanAdvice } from './advice/sultan.js';
import { carpetAdvice } from './advice/carpet.js';
import { congressAdvice } from './advice/congress.js';
import { petitsPaquetsAdvice } from './advice/petits-paquets.js';
import { hemispheresAdvice } from './advice/hemispheres.js';
import { napoleonsSquareAdvice } from './advice/napoleons-square.js';
import { constitutionAdvice } from './advice/constitution.js';
import { zodiacAdvice } from './advice/zodiac.js';
import { fishBoneAdvice } from './advice/fish-bone.js';

export type { Advice };

/** Advice by game id. */
export const ADVICE: Readonly<Record<string, Advice>> = {
  sultan: sultanAdvice,
  carpet: carpetAdvice,
  congress: congressAdvice,
  'petits-paquets': petitsPaquetsAdvice,
  hemispheres: hemispheresAdvice,
  'napoleons-square': napoleonsSquareAdvice,
  constitution: constitutionAdvice,
  zodiac: zodiacAdvice,
  'fish-bone': fishBoneAdvice,
};
