'use client';

import { AreaError } from '@/components/area-error';

export default AreaError;
