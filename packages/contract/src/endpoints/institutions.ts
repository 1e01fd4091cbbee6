/** Institution endpoints: create, read, update, and the platform admin's list. */
import * as v from 'valibot';
import {
  CreateInstitutionBodySchema,
  InstitutionListItemSchema,
  InstitutionSchema,
  ListInstitutionsQuerySchema,
  UpdateInstitutionBodySchema,
} from '../institution';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/institutions';
import { IdParamsSchema } from './params';

export const institutionsEndpoints = {
  createInstitution: {
    ...routes.createInstitution,
    summary: 'Create an institution; you become its main member',
    tag: 'institution',
    access: 'staff',
    scope: 'none',
    body: CreateInstitutionBodySchema,
    response: InstitutionSchema,
  },
  listInstitutions: {
    ...routes.listInstitutions,
    summary: 'All institutions (admin), by name',
    tag: 'institution',
    access: 'admin',
    scope: 'none',
    query: ListInstitutionsQuerySchema,
    response: v.array(InstitutionListItemSchema),
    paginated: true,
  },
  getInstitution: {
    ...routes.getInstitution,
    summary: 'One institution',
    tag: 'institution',
    access: 'staff',
    scope: 'institution',
    permission: 'institution.read',
    params: IdParamsSchema,
    response: InstitutionSchema,
  },
  updateInstitution: {
    ...routes.updateInstitution,
    summary: "Replace an institution's details",
    tag: 'institution',
    access: 'staff',
    scope: 'institution',
    permission: 'institution.update',
    params: IdParamsSchema,
    body: UpdateInstitutionBodySchema,
    response: InstitutionSchema,
  },
  uploadInstitutionLogo: {
    ...routes.uploadInstitutionLogo,
    summary:
      "Set the institution's logo (multipart field `logo`: PNG or JPEG under 2 MB, as the assistant's); shown where its assistants have none",
    tag: 'institution',
    access: 'staff',
    scope: 'institution',
    permission: 'institution.update',
    params: IdParamsSchema,
    multipart: true,
    response: InstitutionSchema,
  },
  deleteInstitutionLogo: {
    ...routes.deleteInstitutionLogo,
    summary: "Remove the institution's logo",
    tag: 'institution',
    access: 'staff',
    scope: 'institution',
    permission: 'institution.update',
    params: IdParamsSchema,
    response: InstitutionSchema,
  },
} as const satisfies Record<string, Endpoint>;
