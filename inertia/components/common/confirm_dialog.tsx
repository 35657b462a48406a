import { afterPaint } from '~/components/common/after_paint'
import type { ConfirmDialogProps } from '~/components/common/confirm_dialog_control'

/**
 * The one confirmation dialog (admin specs: "behind a confirmation"). With
 * `reasonLabel` it also asks for a reason (declines), required and passed to
 * `onConfirm`. While `onConfirm` runs the confirm button shows its loading
 * state; the dialog closes when it resolves, and stays open if it throws.
 * HeroUI's modal comes after the page paints: a dialog is never open then.
 */
export const ConfirmDialog = afterPaint<ConfirmDialogProps>(
  () => import('~/components/common/confirm_dialog_control'),
  () => null
)
