/**
 * The shared vocabulary of documents an extension kit names (decision 0105): each code once, its name (and, where
 * it helps, one line of what it is) translated once in the `visaFinder` namespace
 * (visaFinder.extension.docs.<code>.name / .what), the Korean name shown beside every translation because the
 * member shows it at the immigration office. A kit names a document by its code, or gives a name of its own with a
 * Korean one (app/visa/extensionKits.server.ts).
 */
export const EXTENSION_DOCUMENTS = [
  "application",
  "passport",
  "arc",
  "residenceProof",
  "statusDocuments",
  "needStatement",
  "employmentPermit",
  "standardContract",
  "businessRegistration",
  "reemploymentConfirmation",
  "studyProof",
  "completionConfirmation",
  "financialProof",
  "guarantee",
  "employmentContract",
  "seafarerRecommendation",
  "trainingReason",
  "trainingSchedule",
  "organisationProof",
  "taxCertificate",
  "subsidiaryTax",
  "traineePay",
  "insuranceProof",
  "assignmentProof",
  "embassyLetter",
  "fulbrightId",
  "commissionLetter",
  "familyRelation",
  "photo",
  "employmentCertificate",
  "incomeProof",
  "criminalRecord",
  "medicalInsurance",
  "adoptionProof",
  "enrolment",
] as const;

export type ExtensionDocumentCode = (typeof EXTENSION_DOCUMENTS)[number];

const known = new Set<string>(EXTENSION_DOCUMENTS);

export const isExtensionDocument = (code: unknown): code is ExtensionDocumentCode =>
  typeof code === "string" && known.has(code);
