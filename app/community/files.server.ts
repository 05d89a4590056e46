/**
 * How the community names the files of a photo. The bytes are in the file
 * storage (services.files: app/stores/fileStorage.ts), the records in
 * stores.files.
 */

/** The names a photo's file id is stored under: the photo and its thumbnail (the port says, app/stores/community.ts). */
export { photoNames } from "~/stores/community";
