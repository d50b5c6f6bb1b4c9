import Moderation from "./moderation";

// The testimonials screen: a view of the moderation queue (decision 051).
export { loader, action } from "./testimonials.server";
export default Moderation;
