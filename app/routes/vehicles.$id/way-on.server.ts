/*
 * WayOn for the server's render: the route module renders it from here on the server (the complete
 * HTML, also without JavaScript) and loads way-on.tsx lazily in the browser, where this module is
 * empty (a `.server` module, decision 101).
 */
export { default as WayOn } from './way-on'
