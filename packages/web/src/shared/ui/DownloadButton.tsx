import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps } from 'antd';
import { useState } from 'react';

/** A file the user asked for: whether it is being saved (the button's spinner), and the save, answering whether it was saved. */
export function useDownload() {
  const [running, setRunning] = useState(false);
  const run = async (save: () => Promise<boolean>) => {
    setRunning(true);
    const saved = await save();
    setRunning(false);
    return saved;
  };
  return { running, run };
}

type Props = Omit<ButtonProps, 'icon' | 'loading' | 'onClick'> & {
  /** Saves the file; answers whether it was saved (the download helper logs a failure). */
  save: () => Promise<boolean>;
  /** The hint shown when it was not: SPEC section 8, a failed export is only logged. */
  failed: string;
};

/** An export's button: spins while the file is made and saved, and hints when it could not be. */
export function DownloadButton({ save, failed, ...button }: Props) {
  const { message } = App.useApp();
  const { running, run } = useDownload();
  const click = async () => {
    if (!(await run(save))) message.warning(failed);
  };
  return <Button icon={<DownloadOutlined />} loading={running} onClick={() => void click()} {...button} />;
}
