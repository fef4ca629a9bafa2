export { connectRealtime, setViewingRoom, subscribeRealtime, useRealtime } from './socket';
