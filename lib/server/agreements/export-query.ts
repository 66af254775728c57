import 'server-only';
import { z } from 'zod';
import { exportQuerySchema } from './agreement-input';

/** The files the export writes (contract §12 and §14): what `format=` names, and how it is sent. */
export const exportFormats = {
  csv: { contentType: 'text/csv; charset=utf-8' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
} as const;
export type ExportFormat = keyof typeof exportFormats;

const formatNames = Object.keys(exportFormats) as [ExportFormat, ...ExportFormat[]];

/** `GET /api/agreements/export`: the list's filter and order, and the file's format (CSV). */
export const exportRequestSchema = exportQuerySchema.extend({
  format: z
    .enum(formatNames, { message: `format must be one of ${formatNames.join(', ')}` })
    .default('csv'),
});
