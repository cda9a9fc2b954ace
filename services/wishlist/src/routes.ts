import { commonErrors, createRoute, jsonContent, problemContent } from '@shop/platform';
import { CreateBodySchema, CustomerQuerySchema, DealParamsSchema, IdDealParamsSchema, IdParamsSchema, OperationsSchema, PagingQuerySchema, WishlistProblemSchema, WishlistSchema } from './contract.ts';

/** The answers every wishlist route can give (401, 413 and 500 in the platform's words). */
const wishlistErrors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' });
const notFound = { 404: problemContent('No such wishlist (code WISHLIST_NOT_FOUND, errorMessage): never made, or merged into a customer\'s list.', WishlistProblemSchema) };
const full = { 409: problemContent('The list holds 50 deals already (code WISHLIST_FULL, errorMessage, errors[] naming the deal): nothing changed.', WishlistProblemSchema) };
const theList = (description: string) => jsonContent(WishlistSchema, description);

export const getByCustomer = createRoute({
  method: 'get',
  path: '/wishlist',
  operationId: 'getCustomerWishlist',
  tags: ['Wishlist'],
  summary: "The customer's wishlist (spec §7 GET {wishlist}?customerToken=)",
  description: 'The list of the signed-in customer, deals newest first; the spec §7 query is page=0, pageSize=50, detailedView=false. 404 when the customer has no list.',
  request: { query: CustomerQuerySchema },
  responses: { 200: theList('The list.'), ...notFound, ...wishlistErrors },
});

export const getById = createRoute({
  method: 'get',
  path: '/wishlist/{id}',
  operationId: 'getWishlist',
  tags: ['Wishlist'],
  summary: 'A wishlist by its id (spec §7 GET {wishlist}/{id})',
  description: "A guest's list by the id in their cookie (or any list by id), deals newest first.",
  request: { params: IdParamsSchema, query: PagingQuerySchema },
  responses: { 200: theList('The list.'), ...notFound, ...wishlistErrors },
});

export const postCreate = createRoute({
  method: 'post',
  path: '/wishlist/deal/{dealId}',
  operationId: 'createWishlist',
  tags: ['Wishlist'],
  summary: 'A new wishlist holding a deal (spec §7 POST {wishlist}/deal/{dealId})',
  description: "Made for a guest (no body), or for a signed-in customer (customerToken): a customer who has a list already gets the deal added to it (200), one list per customer.",
  request: { params: DealParamsSchema, body: { required: false, description: 'Whose list, if signed in.', content: { 'application/json': { schema: CreateBodySchema } } } },
  responses: { 201: theList('Made, holding the deal.'), 200: theList("The customer's list already existed: the deal is in it."), ...full, ...wishlistErrors },
});

export const postDeal = createRoute({
  method: 'post',
  path: '/wishlist/{id}/deal/{dealId}',
  operationId: 'addWishlistDeal',
  tags: ['Wishlist'],
  summary: 'Add a deal (spec §7 POST {wishlist}/{id}/deal/{dealId})',
  description: 'A deal in the list already stays once (no change); at 50 deals refused with 409.',
  request: { params: IdDealParamsSchema },
  responses: { 200: theList('The list after.'), ...notFound, ...full, ...wishlistErrors },
});

export const deleteDeal = createRoute({
  method: 'delete',
  path: '/wishlist/{id}/deal/{dealId}',
  operationId: 'removeWishlistDeal',
  tags: ['Wishlist'],
  summary: 'Remove a deal (spec §7 DELETE {wishlist}/{id}/deal/{dealId})',
  description: 'A deal not in the list is no change.',
  request: { params: IdDealParamsSchema },
  responses: { 200: theList('The list after.'), ...notFound, ...wishlistErrors },
});

export const deleteAll = createRoute({
  method: 'delete',
  path: '/wishlist/{id}/deal/all',
  operationId: 'clearWishlist',
  tags: ['Wishlist'],
  summary: 'Remove every deal (spec §7 DELETE {wishlist}/{id}/deal/all)',
  description: 'The list stays, empty.',
  request: { params: IdParamsSchema },
  responses: { 200: theList('The empty list.'), ...notFound, ...wishlistErrors },
});

export const patchWishlist = createRoute({
  method: 'patch',
  path: '/wishlist/{id}',
  operationId: 'changeWishlist',
  tags: ['Wishlist'],
  summary: 'Attach a customer, or a bulk change (spec §7 PATCH {wishlist}/{id})',
  description:
    'Operations in order, in one transaction (a refusal undoes them all): merge /customerToken attaches the customer, add and remove /deals take a deal id. ' +
    "Merging into a customer who has a list moves this list's deals into theirs (once each; past 50 the oldest are dropped and counted in dropped) and deletes this list: " +
    'the answer is the customer\'s list (its id) and this id answers 404 from then on. A list already carrying another customer\'s token is refused with 409 WISHLIST_OWNED.',
  request: { params: IdParamsSchema, body: { required: true, description: 'The operations.', content: { 'application/json': { schema: OperationsSchema } } } },
  responses: {
    200: theList('The list the operations ended in.'),
    ...notFound,
    409: problemContent('WISHLIST_FULL (an add past 50) or WISHLIST_OWNED (another customer\'s list), errorMessage, errors[] naming the operation: nothing changed.', WishlistProblemSchema),
    ...wishlistErrors,
  },
});
