/** What the area placeholders offer the rest of the console. */
export { AreaState } from './components/AreaState';
