import { okMessage } from '@/lib/contracts/common';
import {
  shortUrlListSchema,
  shortUrlReportSchema,
  shortUrlSchema,
} from '@/lib/contracts/short-urls';
import { q, saveId, type ParityTable } from './table';

/** short-urls.handlers.ts: short links and their click report. */
export const shortUrls: ParityTable = {
  file: 'short-urls.handlers.ts',
  title: 'short links and their click report',
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/short-urls?${q(s)}`,
      contract: shortUrlListSchema,
    },
    {
      name: 'create',
      method: 'POST',
      path: '/v1/short-urls',
      bodyOf: (s) => ({
        brand_id: s.brand,
        url: 'https://shop.example.com/sale',
        slug: 'sale',
        utm: { source: 'newsletter', campaign: 'spring' },
      }),
      contract: shortUrlSchema,
      save: saveId('link'),
    },
    {
      name: 'refuse a taken slug',
      method: 'POST',
      path: '/v1/short-urls',
      bodyOf: (s) => ({ brand_id: s.brand, url: 'https://shop.example.com/', slug: 'sale' }),
    },
    {
      name: 'refuse a reserved slug',
      method: 'POST',
      path: '/v1/short-urls',
      bodyOf: (s) => ({ brand_id: s.brand, url: 'https://shop.example.com/', slug: 'api' }),
    },
    {
      name: 'read',
      method: 'GET',
      path: (s) => `/v1/short-urls/${s.link}`,
      contract: shortUrlSchema,
    },
    {
      name: 'refuse it to another account',
      method: 'GET',
      path: (s) => `/v1/short-urls/${s.link}`,
      stranger: true,
    },
    {
      name: 'update',
      method: 'PUT',
      path: (s) => `/v1/short-urls/${s.link}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        url: 'https://shop.example.com/sale?x=1',
        slug: 'sale-2',
        disabled: true,
      }),
      contract: shortUrlSchema,
    },
    {
      name: 'list',
      method: 'GET',
      path: (s) => `/v1/short-urls?${q(s)}&search=sale`,
      contract: shortUrlListSchema,
    },
    {
      name: 'click report (shape)',
      method: 'GET',
      path: (s) => `/v1/short-urls/${s.link}/report?date_preset=past_7_day`,
      contract: shortUrlReportSchema,
      compare: 'shape',
    },
    {
      name: 'delete',
      method: 'DELETE',
      path: (s) => `/v1/short-urls/${s.link}`,
      contract: okMessage,
    },
    { name: 'refuse the deleted one', method: 'GET', path: (s) => `/v1/short-urls/${s.link}` },
  ],
};
