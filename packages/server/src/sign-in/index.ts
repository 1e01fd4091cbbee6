/** Sign-in: with a password, Google or Microsoft; the session of a token and its renewal. The root mounts its routes. */
export { signInRoutes } from './sign-in.routes';
