import { z } from 'zod';
import { okMessage } from '@/lib/contracts/common';
import {
  attributeOptionGroupSchema,
  dataAttributeSchema,
  metadataAttributeSchema,
  profileListSchema,
} from '@/lib/contracts/customer-profiles';
import { erasureListSchema } from '@/lib/contracts/erasure';
import { q, saveId, type ParityTable } from './table';

/** profiles.handlers.ts: customer profiles and the attribute definitions. */
export const profiles: ParityTable = {
  file: 'profiles.handlers.ts',
  title: 'profiles and attribute definitions',
  steps: [
    {
      name: 'list profiles (empty)',
      method: 'GET',
      path: (s) => `/v1/customer-profiles?${q(s)}`,
      contract: profileListSchema,
    },
    {
      name: 'refuse to erase an unknown profile',
      method: 'POST',
      path: '/v1/customer-profiles/999999/erase',
      body: { mode: 'delete' },
    },
    {
      name: 'refuse an erasure mode that does not exist',
      method: 'POST',
      path: '/v1/customer-profiles/999999/erase',
      body: { mode: 'shred' },
    },
    {
      name: 'list erasures (empty)',
      method: 'GET',
      path: (s) => `/v1/erasures?${q(s)}`,
      contract: erasureListSchema,
    },
    {
      name: 'refuse an erasure cursor that is not one',
      method: 'GET',
      path: (s) => `/v1/erasures?${q(s)}&cursor=abc`,
    },
    {
      name: 'refuse an unknown erasure',
      method: 'GET',
      path: '/v1/erasures/999999',
    },
    {
      name: 'refuse the erasures to another account',
      method: 'GET',
      path: (s) => `/v1/erasures?${q(s)}`,
      stranger: true,
    },
    {
      name: 'refuse an unknown profile',
      method: 'GET',
      path: (s) => `/v1/customer-profiles/999999?${q(s)}`,
    },
    {
      name: 'list metadata attributes (empty)',
      method: 'GET',
      path: (s) => `/v1/metadata-attributes?${q(s)}`,
      contract: z.array(metadataAttributeSchema),
    },
    {
      name: 'create a metadata attribute',
      method: 'POST',
      path: '/v1/metadata-attributes',
      bodyOf: (s) => ({
        brand_id: s.brand,
        custom_field_name: 'plan',
        name: 'Plan',
        data_type: 'string',
      }),
      contract: metadataAttributeSchema,
      save: saveId('meta'),
    },
    {
      name: 'refuse a taken metadata field name',
      method: 'POST',
      path: '/v1/metadata-attributes',
      bodyOf: (s) => ({
        brand_id: s.brand,
        custom_field_name: 'plan',
        name: 'Plan again',
        data_type: 'string',
      }),
    },
    {
      name: 'update a metadata attribute',
      method: 'PUT',
      path: (s) => `/v1/metadata-attributes/${s.meta}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        custom_field_name: 'tier',
        name: 'Tier',
        data_type: 'string',
      }),
      contract: metadataAttributeSchema,
    },
    {
      name: 'refuse them to another account',
      method: 'GET',
      path: (s) => `/v1/metadata-attributes?${q(s)}`,
      stranger: true,
    },
    {
      name: 'list data attributes',
      method: 'GET',
      path: (s) => `/v1/data-attributes?${q(s)}`,
      contract: z.array(dataAttributeSchema),
    },
    {
      name: 'create a data attribute',
      method: 'POST',
      path: '/v1/data-attributes',
      bodyOf: (s) => ({ brand_id: s.brand, field_name: 'age', name: 'Age', data_type: 'number' }),
      contract: dataAttributeSchema,
      save: saveId('data'),
    },
    {
      name: 'refuse an invalid field name',
      method: 'POST',
      path: '/v1/data-attributes',
      bodyOf: (s) => ({ brand_id: s.brand, field_name: '1st', name: 'First', data_type: 'number' }),
    },
    {
      name: 'update a data attribute',
      method: 'PUT',
      path: (s) => `/v1/data-attributes/${s.data}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        field_name: 'age',
        name: 'Age (years)',
        data_type: 'number',
      }),
      contract: dataAttributeSchema,
    },
    {
      name: 'attribute options',
      method: 'GET',
      path: (s) => `/v1/attributes/options?${q(s)}`,
      contract: z.array(attributeOptionGroupSchema),
    },
    {
      name: 'delete a metadata attribute',
      method: 'DELETE',
      path: (s) => `/v1/metadata-attributes/${s.meta}`,
      contract: okMessage,
    },
    {
      name: 'delete a data attribute',
      method: 'DELETE',
      path: (s) => `/v1/data-attributes/${s.data}`,
      contract: okMessage,
    },
    {
      name: 'refuse the deleted one',
      method: 'DELETE',
      path: (s) => `/v1/data-attributes/${s.data}`,
    },
  ],
};
