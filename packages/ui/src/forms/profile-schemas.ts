/** The profile and institution forms' valibot schemas, from the contract's request bodies. */
import { CreateInstitutionBodySchema } from '@conversa/contract/institution';
import { UpdateProfileBodySchema } from '@conversa/contract/profile-update';
import * as v from 'valibot';

/** The profile form: the full name is required; the other fields are checked by the server. */
export const ProfileFormSchema = v.looseObject({ full_name: UpdateProfileBodySchema.entries.full_name });

/** The institution form: the name is required; the other fields are checked by the server. */
export const InstitutionFormSchema = v.looseObject({ name: CreateInstitutionBodySchema.entries.name });
