export { napoleonsSquareAdvice } from '../../games/napoleons-square/advice.js';
