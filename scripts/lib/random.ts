/** The seeded generator lives in the engine, shared with the server's demo answers. */
export { seededRandom } from '../../engine/random.ts';
