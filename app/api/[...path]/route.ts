// Any /api path no route names, with any method: 404 in the error envelope (every API answer is
// the envelope), not Next's HTML not-found page. Named routes take precedence over this one.
import { unknownApiPath } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = unknownApiPath();
