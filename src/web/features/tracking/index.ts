// The carrier's tracking view of a shipment: its page and the public tracking page show it.
export { TrackingFrame } from './TrackingFrame';
