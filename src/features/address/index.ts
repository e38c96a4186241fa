// The address feature's public face (isomorphic): postal-code input and the lookup's answer.
// The lookup itself is server-only: src/features/address/server/postal-index.ts.
export { ZIPCODE_MESSAGE, ZipcodeSchema, formatZipcode, normalizeZipcode } from './zipcode';
export {
  AddressCandidateSchema,
  ZipcodeLookupResponseSchema,
  type AddressCandidate,
  type AddressKana,
  type ZipcodeLookupResponse,
} from './schemas';
