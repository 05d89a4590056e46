/**
 * Changing or deleting what is stored, for the pages that do it: the confirm step (`~/components/ConfirmAction`,
 * decision 0095) and the admin's edit forms, which use it. Out of the page kit and the form kit, which pages that
 * do neither load too (docs/decisions/0108, 0112).
 */
export {
  ConfirmForm,
  ConfirmPage,
  ConfirmStep,
  useConfirmSubmit,
  useListForms,
  type ConfirmQuestion,
} from "~/components/ConfirmAction";
export {
  AdminCheckbox,
  AdminEditForm,
  AdminField,
  AdminFormError,
  AdminInput,
  AdminSave,
  AdminSelect,
  adminErrors,
  CategoryField,
  ItemCodeField,
  LanguageTexts,
  PublishActions,
  useAdminForm,
  type AdminReply,
} from "~/components/AdminForm";
