export { useCheckIns, useCheckInToken } from './api/check-in';
