export { fishBoneAdvice } from '../../games/fish-bone/advice.js';
