import { AreaLoading } from '@/components/area-loading';

export default AreaLoading;
