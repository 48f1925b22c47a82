import { useNavigation } from 'react-router';

/**
 * Whether a form of this page is being sent: from the submission until the page that answers it has
 * loaded (a submission's "loading" keeps its formData), so its button spins and takes no second
 * click in between. A second save sent before the answer's page would be checked against the old
 * one: a question already answered (RecordForm's confirmSave) would be asked again. With an
 * intent, only the form that sends that intent counts, on a page of several forms.
 */
export function useSending(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || navigation.formData === undefined) return false;
  return intent === undefined || navigation.formData.get('intent') === intent;
}
