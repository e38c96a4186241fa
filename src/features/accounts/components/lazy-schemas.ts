/**
 * The accounts' zod schemas, loaded when a form is submitted rather than with the page: the public
 * forms (login, registration, password reset) and the my-page forms (basic info, unregister) then
 * ship no zod in their first-load JavaScript (issue 13). The schemas are the same the route
 * handlers use.
 */
export const accountSchemas = () => import('../schemas');
