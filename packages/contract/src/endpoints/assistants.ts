/** Assistant endpoints (institution products): settings, logo, knowledge base, FAQs, files and their events. */
import * as v from 'valibot';
import {
  CreateProductBodySchema,
  FaqsSchema,
  InstitutionProductDetailSchema,
  KnowledgeBaseSchema,
  UpdateProductBodySchema,
} from '../assistant';
import { MessageResultSchema } from '../common';
import { DeleteFilesBodySchema, FileEventSchema, ProductFileSchema } from '../knowledge';
import { InstitutionProductSchema } from '../product';
import type { Endpoint } from './endpoint';

export const assistantsEndpoints = {
  institutionProducts: {
    method: 'GET',
    path: '/institution/{id}/product',
    summary: "The institution's products",
    tag: 'product',
    access: 'member',
    response: v.array(InstitutionProductSchema),
  },
  getInstitutionProduct: {
    method: 'GET',
    path: '/institution-product/{id}',
    summary: 'One product, with its assistant settings',
    tag: 'product',
    access: 'member',
    response: InstitutionProductDetailSchema,
  },
  createInstitutionProduct: {
    method: 'POST',
    path: '/institution-product',
    summary: 'Create a product in the X-Institution-Id institution',
    tag: 'product',
    access: 'member',
    body: CreateProductBodySchema,
    response: InstitutionProductDetailSchema,
  },
  updateInstitutionProduct: {
    method: 'PUT',
    path: '/institution-product/{id}',
    summary: "Change a product's name or assistant settings",
    tag: 'product',
    access: 'member',
    body: UpdateProductBodySchema,
    response: InstitutionProductDetailSchema,
  },
  getKnowledgeBase: {
    method: 'GET',
    path: '/institution-product/{id}/knowledge-base',
    summary: "The assistant's knowledge base text",
    tag: 'product',
    access: 'member',
    response: KnowledgeBaseSchema,
  },
  putKnowledgeBase: {
    method: 'PUT',
    path: '/institution-product/{id}/knowledge-base',
    summary: "Replace the assistant's knowledge base text",
    tag: 'product',
    access: 'member',
    body: KnowledgeBaseSchema,
    response: KnowledgeBaseSchema,
  },
  getFaqs: {
    method: 'GET',
    path: '/institution-product/{id}/faq',
    summary: "The assistant's FAQs, in order",
    tag: 'product',
    access: 'member',
    response: FaqsSchema,
  },
  putFaqs: {
    method: 'PUT',
    path: '/institution-product/{id}/faq',
    summary: "Replace all of the assistant's FAQs",
    tag: 'product',
    access: 'member',
    body: FaqsSchema,
    response: FaqsSchema,
  },
  uploadLogo: {
    method: 'POST',
    path: '/institution-product/{id}/logo',
    summary: "Set the assistant's logo (multipart field `logo`: PNG or JPEG under 2 MB)",
    tag: 'product',
    access: 'member',
    multipart: true,
    response: InstitutionProductDetailSchema,
  },
  listFiles: {
    method: 'GET',
    path: '/institution-product/{id}/file',
    summary: "The assistant's uploaded files with their processing state, newest first",
    tag: 'knowledge',
    access: 'member',
    response: v.array(ProductFileSchema),
  },
  uploadFiles: {
    method: 'POST',
    path: '/institution-product/{id}/file',
    summary:
      'Upload TXT, DOCX or PDF files (multipart field `files`, one or many); they are processed in the background',
    tag: 'knowledge',
    access: 'member',
    multipart: true,
    response: v.array(ProductFileSchema),
  },
  deleteFiles: {
    method: 'POST',
    path: '/institution-product/{id}/file/delete',
    summary: 'Delete files and what was learnt from them',
    tag: 'knowledge',
    access: 'member',
    body: DeleteFilesBodySchema,
    response: MessageResultSchema,
  },
  productEvents: {
    method: 'GET',
    path: '/institution-product/{id}/events',
    summary: 'Server-sent events of file changes (`event: file`)',
    tag: 'knowledge',
    access: 'member',
    stream: true,
    response: FileEventSchema,
  },
} as const satisfies Record<string, Endpoint>;
