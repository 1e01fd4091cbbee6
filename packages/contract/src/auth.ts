/** Sign-in: e-mail and password, Google, Microsoft, and the session every one of them answers. */
import * as v from 'valibot';
import { EmailSchema, PasswordInputSchema } from './fields';
import { ProfileSchema } from './profile';
import { ROLES } from './roles';
import { ValidationCode as C } from './codes';

export const UserSchema = v.object({ id: v.number(), email: v.string() });
export type User = v.InferOutput<typeof UserSchema>;

/** What a sign-in (or `auth/validate-token`) answers. */
export const SessionSchema = v.object({
  jwt: v.string(),
  user: UserSchema,
  profile: ProfileSchema,
  roles: v.array(v.picklist(ROLES)),
  institution_id: v.nullable(v.number()),
});
export type Session = v.InferOutput<typeof SessionSchema>;

/**
 * What `auth/renew` answers: a fresh access token of the same session. The console renews once its
 * token is past half its life, so a session ends only when idle, signed out, or at its absolute end.
 */
export const RenewedTokenSchema = v.object({ jwt: v.string() });
export type RenewedToken = v.InferOutput<typeof RenewedTokenSchema>;

export const LoginBodySchema = v.object({ email: EmailSchema, password: PasswordInputSchema });
export type LoginBody = v.InferInput<typeof LoginBodySchema>;

const token = v.pipe(v.string(C.required), v.nonEmpty(C.required), v.maxLength(8192, C.tooLong));

/** Google Identity Services callback: the ID token (`credential`), `client_id` and `select_by`. */
export const GoogleLoginBodySchema = v.object({
  credential: token,
  client_id: v.pipe(v.string(C.required), v.nonEmpty(C.required), v.maxLength(256, C.tooLong)),
  select_by: v.optional(v.pipe(v.string(), v.maxLength(64, C.tooLong))),
});
export type GoogleLoginBody = v.InferInput<typeof GoogleLoginBodySchema>;

/** Microsoft (MSAL) sign-in: the ID token. */
export const MicrosoftLoginBodySchema = v.object({ id_token: token });
export type MicrosoftLoginBody = v.InferInput<typeof MicrosoftLoginBodySchema>;

/**
 * A single-use nonce for one Google or Microsoft sign-in: the console hands it to the provider,
 * whose ID token must carry it back as its `nonce` claim before `expires_in_seconds` pass.
 */
export const SignInNonceSchema = v.object({ nonce: v.string(), expires_in_seconds: v.number() });
export type SignInNonce = v.InferOutput<typeof SignInNonceSchema>;

/** Which third-party sign-in buttons the console shows (configured on the server). */
export const AuthProvidersSchema = v.object({
  google_client_id: v.nullable(v.string()),
  microsoft_client_id: v.nullable(v.string()),
});
export type AuthProviders = v.InferOutput<typeof AuthProvidersSchema>;

/**
 * The `<meta name>` of the console's `index.html` carrying `GET auth/providers`'s answer as JSON, so
 * /login shows its buttons at once, in their places (no request, nothing moving under a click).
 */
export const PROVIDERS_META = 'conversa-providers';
