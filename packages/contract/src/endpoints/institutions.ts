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

export const institutionsEndpoints = {
  createInstitution: {
    method: 'POST',
    path: '/institution',
    summary: 'Create an institution; you become its main member',
    tag: 'institution',
    access: 'staff',
    body: CreateInstitutionBodySchema,
    response: InstitutionSchema,
  },
  listInstitutions: {
    method: 'GET',
    path: '/institution',
    summary: 'All institutions (admin), by name',
    tag: 'institution',
    access: 'admin',
    query: ListInstitutionsQuerySchema,
    response: v.array(InstitutionListItemSchema),
    paginated: true,
  },
  getInstitution: {
    method: 'GET',
    path: '/institution/{id}',
    summary: 'One institution',
    tag: 'institution',
    access: 'member',
    response: InstitutionSchema,
  },
  updateInstitution: {
    method: 'PUT',
    path: '/institution/{id}',
    summary: "Replace an institution's details",
    tag: 'institution',
    access: 'member',
    body: UpdateInstitutionBodySchema,
    response: InstitutionSchema,
  },
} as const satisfies Record<string, Endpoint>;
