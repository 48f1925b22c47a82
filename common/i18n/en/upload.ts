import type { Messages } from '../messages.ts';

export const upload: Messages['upload'] = {
  dropHere: 'Drop the file here',
  or: 'or',
  choose: 'Choose file',
  replace: 'Change file',
  uploading: 'Uploading {{name}}…',
  progress: 'Upload progress of {{name}}',
  ready: 'File ready: {{name}}',
  removed: 'The file was removed',
  remove: 'Remove',
  removeFile: 'Remove the file {{name}}',
  open: 'View file',
  hint: {
    documents: 'PDF, PNG or JPEG, max. 3 MB',
    images: 'PNG or JPEG, max. 3 MB',
  },
  wait: 'Wait for the file to finish uploading',
  fileSize: 'File size exceeds maximum allowed',
  fileType: 'Invalid file',
  missing: 'Choose a file',
  incomplete: 'The file did not arrive complete. Upload it again.',
  notFound: 'The file does not exist or is no longer available',
  network: 'Connection Error',
  unauthorized: 'Your session ended. Log in again to upload files.',
};
