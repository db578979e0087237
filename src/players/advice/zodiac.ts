export { zodiacAdvice } from '../../games/zodiac/advice.js';
