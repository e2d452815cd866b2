/**
 * hls.js's light build (`hls.js/light`: no subtitle, alternate audio or DRM controllers) has no
 * types of its own in the package; its API is the full build's.
 */
declare module 'hls.js/light' {
  import Hls from 'hls.js';

  export default Hls;
}
