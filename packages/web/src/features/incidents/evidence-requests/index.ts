export { BatchVideoRequestButton } from './components/BatchVideoRequestButton.js';
export { EvidenceRequestPanel } from './components/EvidenceRequestPanel.js';
export { useUploadProgress } from './use-upload-progress.js';
