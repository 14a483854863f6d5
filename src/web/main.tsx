import './lib/zodJitless';
import { createApp } from './app';
import { renderRoot } from './renderRoot';

renderRoot(createApp());
