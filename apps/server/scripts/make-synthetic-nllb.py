#!/usr/bin/python3
"""Writes a random-weight NLLB-200 model at the real size, in the layout of the published
Xenova/nllb-200-distilled-600M ONNX export, for measuring the engine where the real weights cannot
be downloaded. The output is large (gigabytes): write it to a cache folder, never into git.

Same file names (config.json, generation_config.json, tokenizer.json, tokenizer_config.json,
onnx/encoder_model{,_quantized}.onnx, onnx/decoder_model_merged{,_quantized}.onnx), graph inputs
and outputs (the merged decoder's use_cache_branch, past_key_values.*, present.*; its `If` node
whose with-past branch gives empty placeholders for the cross-attention cache), opset 14, and the `_quantized` files
quantized as the published ones are: dynamic uint8 (DynamicQuantizeLinear on activations,
MatMulInteger over per-tensor uint8 weights, embeddings stored as uint8 and dequantized after the
Gather). The architecture is M2M100's (pre-norm, sinusoidal positions offset by 2, ReLU, tied
output projection), so every step costs what a real one costs. The tokenizer has the full
256,206-entry vocabulary and all 202 language tokens at the real ids; its pieces are synthetic.

Weights are seeded random (the same bytes every run): output text is nonsense, so benchmarks force
output lengths. Needs only numpy and onnx (Debian's python3-numpy, python3-onnx):

    /usr/bin/python3 apps/server/scripts/make-synthetic-nllb.py OUT [--size 600M|1.3B|tiny]
        [--dtypes fp32,q8] [--seed N] [--external-data]

`tiny` is the reduced configuration the tests use (a few MB, same graphs).
"""

import argparse
import json
import math
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

LANGUAGE_TOKENS = """
ace_Arab ace_Latn acm_Arab acq_Arab aeb_Arab afr_Latn ajp_Arab aka_Latn amh_Ethi apc_Arab arb_Arab
ars_Arab ary_Arab arz_Arab asm_Beng ast_Latn awa_Deva ayr_Latn azb_Arab azj_Latn bak_Cyrl bam_Latn
ban_Latn bel_Cyrl bem_Latn ben_Beng bho_Deva bjn_Arab bjn_Latn bod_Tibt bos_Latn bug_Latn bul_Cyrl
cat_Latn ceb_Latn ces_Latn cjk_Latn ckb_Arab crh_Latn cym_Latn dan_Latn deu_Latn dik_Latn dyu_Latn
dzo_Tibt ell_Grek eng_Latn epo_Latn est_Latn eus_Latn ewe_Latn fao_Latn pes_Arab fij_Latn fin_Latn
fon_Latn fra_Latn fur_Latn fuv_Latn gla_Latn gle_Latn glg_Latn grn_Latn guj_Gujr hat_Latn hau_Latn
heb_Hebr hin_Deva hne_Deva hrv_Latn hun_Latn hye_Armn ibo_Latn ilo_Latn ind_Latn isl_Latn ita_Latn
jav_Latn jpn_Jpan kab_Latn kac_Latn kam_Latn kan_Knda kas_Arab kas_Deva kat_Geor knc_Arab knc_Latn
kaz_Cyrl kbp_Latn kea_Latn khm_Khmr kik_Latn kin_Latn kir_Cyrl kmb_Latn kon_Latn kor_Hang kmr_Latn
lao_Laoo lvs_Latn lij_Latn lim_Latn lin_Latn lit_Latn lmo_Latn ltg_Latn ltz_Latn lua_Latn lug_Latn
luo_Latn lus_Latn mag_Deva mai_Deva mal_Mlym mar_Deva min_Latn mkd_Cyrl plt_Latn mlt_Latn mni_Beng
khk_Cyrl mos_Latn mri_Latn zsm_Latn mya_Mymr nld_Latn nno_Latn nob_Latn npi_Deva nso_Latn nus_Latn
nya_Latn oci_Latn gaz_Latn ory_Orya pag_Latn pan_Guru pap_Latn pol_Latn por_Latn prs_Arab pbt_Arab
quy_Latn ron_Latn run_Latn rus_Cyrl sag_Latn san_Deva sat_Beng scn_Latn shn_Mymr sin_Sinh slk_Latn
slv_Latn smo_Latn sna_Latn snd_Arab som_Latn sot_Latn spa_Latn als_Latn srd_Latn srp_Cyrl ssw_Latn
sun_Latn swe_Latn swh_Latn szl_Latn tam_Taml tat_Cyrl tel_Telu tgk_Cyrl tgl_Latn tha_Thai tir_Ethi
taq_Latn taq_Tfng tpi_Latn tsn_Latn tso_Latn tuk_Latn tum_Latn tur_Latn twi_Latn tzm_Tfng uig_Arab
ukr_Cyrl umb_Latn urd_Arab uzn_Latn vec_Latn vie_Latn war_Latn wol_Latn xho_Latn ydd_Hebr yor_Latn
yue_Hant zho_Hans zho_Hant zul_Latn
""".split()
assert len(LANGUAGE_TOKENS) == 202 and len(set(LANGUAGE_TOKENS)) == 202

SPECIALS = ['<s>', '<pad>', '</s>', '<unk>']
BOS, PAD, EOS, UNK = 0, 1, 2, 3

# The published configurations (config.json of facebook/nllb-200-*). 3.3B is only on paper.
SIZES = {
    '600M': dict(d_model=1024, layers=12, heads=16, ffn=4096, vocab=256206, name='nllb-200-distilled-600M'),
    '1.3B': dict(d_model=1024, layers=24, heads=16, ffn=8192, vocab=256206, name='nllb-200-distilled-1.3B'),
    '3.3B': dict(d_model=2048, layers=24, heads=16, ffn=8192, vocab=256206, name='nllb-200-3.3B'),
    'tiny': dict(d_model=64, layers=2, heads=4, ffn=128, vocab=1200, name='nllb-200-synthetic-tiny'),
}
OPSET = 14
MAX_POSITIONS = 1024
MASKED = -1e9


# ---------------------------------------------------------------------------------------------
# Weights


class Weights:
    """Seeded random weights; each name gets its own stream, so sizes do not shift each other."""

    def __init__(self, seed):
        self.seed = seed

    def normal(self, name, shape, std=0.02):
        rng = np.random.default_rng([self.seed, *name.encode()])
        return (rng.standard_normal(shape, dtype=np.float32) * np.float32(std))

    def zeros(self, shape):
        return np.zeros(shape, dtype=np.float32)

    def ones(self, shape):
        return np.ones(shape, dtype=np.float32)


def sinusoid_table(d_model, offset=2, positions=MAX_POSITIONS):
    """Sinusoidal positions, sin half then cos: M2M100's table has MAX_POSITIONS + 2 rows (offset 2,
    row 1 the padding position); Marian's (offset 0) has neither."""
    half = d_model // 2
    freq = np.exp(np.arange(half, dtype=np.float32) * -(math.log(10000.0) / (half - 1)))
    angles = np.arange(positions + offset, dtype=np.float32)[:, None] * freq[None, :]
    table = np.concatenate([np.sin(angles), np.cos(angles)], axis=1).astype(np.float32)
    if offset:
        table[1, :] = 0  # the padding position
    return table


def quantize_uint8(w):
    """Per-tensor asymmetric uint8, as onnxruntime's quantize_dynamic does (range includes 0)."""
    lo = min(float(w.min()), 0.0)
    hi = max(float(w.max()), 0.0)
    scale = (hi - lo) / 255.0 or 1.0
    zero = int(round(-lo / scale))
    q = np.empty(w.shape, dtype=np.uint8)
    # In chunks: a full-vocabulary matrix would otherwise need several float copies at once.
    flat_in, flat_out = w.reshape(-1), q.reshape(-1)
    step = 1 << 24
    for start in range(0, flat_in.size, step):
        part = np.rint(flat_in[start:start + step] / np.float32(scale)) + zero
        flat_out[start:start + step] = np.clip(part, 0, 255).astype(np.uint8)
    return q, np.float32(scale), np.uint8(zero)


# ---------------------------------------------------------------------------------------------
# Graph building


class Graph:
    def __init__(self, quantized, prefix=''):
        self.nodes, self.inits, self.quantized, self.counter, self.prefix = [], [], quantized, 0, prefix
        self.constants = {}

    def name(self, hint):
        self.counter += 1
        return f'{self.prefix}{hint}_{self.counter}'

    def op(self, op_type, inputs, hint=None, outputs=1, **attrs):
        outs = [self.name(hint or op_type) for _ in range(outputs)]
        self.nodes.append(helper.make_node(op_type, inputs, outs, name=self.name(op_type + '_node'), **attrs))
        return outs[0] if outputs == 1 else outs

    def init(self, name, array):
        self.inits.append(numpy_helper.from_array(array, name))
        return name

    def const(self, values, dtype=np.int64):
        key = (tuple(np.asarray(values).reshape(-1).tolist()), np.dtype(dtype).str, np.asarray(values).shape)
        if key not in self.constants:
            self.constants[key] = self.init(self.name('const'), np.asarray(values, dtype=dtype))
        return self.constants[key]

    def weight(self, name, w):
        """A matmul weight as stored: fp32, or uint8 with its scale and zero point."""
        if not self.quantized:
            return (self.init(name, w),)
        q, scale, zero = quantize_uint8(w)
        return (self.init(name + '_quantized', q), self.init(name + '_scale', np.array(scale, dtype=np.float32)),
                self.init(name + '_zero_point', np.array(zero, dtype=np.uint8)))

    def matmul(self, x, weight_name, w, bias=None, stored=None):
        """x @ w (+ bias): fp32 MatMul, or dynamic uint8 MatMulInteger in the quantized graph."""
        stored = stored or self.weight(weight_name, w)
        if not self.quantized:
            y = self.op('MatMul', [x, stored[0]])
        else:
            wq, ws, wz = stored
            xq, xs, xz = self.op('DynamicQuantizeLinear', [x], outputs=3)
            acc = self.op('MatMulInteger', [xq, wq, xz, wz])
            accf = self.op('Cast', [acc], to=TensorProto.FLOAT)
            y = self.op('Mul', [accf, self.op('Mul', [xs, ws])])
        if bias is not None:
            y = self.op('Add', [y, self.init(weight_name + '.bias', bias)])
        return y

    def tied_embedding(self, ids, stored):
        """Rows of the embedding read from the (transposed) output projection, which it is tied to:
        one copy of the 256k × d matrix in the file instead of two."""
        columns = self.op('Gather', [stored[0], ids], axis=1)
        if self.quantized:
            columns = self.op('DequantizeLinear', [columns, stored[1], stored[2]])
        return self.op('Transpose', [columns], perm=[1, 2, 0])

    def embedding(self, ids, name, table):
        if not self.quantized:
            return self.op('Gather', [self.init(name, table), ids])
        q, scale, zero = quantize_uint8(table)
        gathered = self.op('Gather', [self.init(name + '_quantized', q), ids])
        return self.op('DequantizeLinear', [gathered, self.init(name + '_scale', np.array(scale, dtype=np.float32)),
                                            self.init(name + '_zero_point', np.array(zero, dtype=np.uint8))])

    def layer_norm(self, x, name, d):
        # LayerNormalization is opset 17; the export spells it out (ORT fuses it back).
        mean = self.op('ReduceMean', [x], axes=[-1])
        centred = self.op('Sub', [x, mean])
        var = self.op('ReduceMean', [self.op('Mul', [centred, centred])], axes=[-1])
        std = self.op('Sqrt', [self.op('Add', [var, self.const(1e-5, np.float32)])])
        normed = self.op('Div', [centred, std])
        gamma = self.init(name + '.weight', np.ones(d, dtype=np.float32))
        beta = self.init(name + '.bias', np.zeros(d, dtype=np.float32))
        return self.op('Add', [self.op('Mul', [normed, gamma]), beta])

    def sublayer(self, h, norm_name, d, c, block):
        """A residual sublayer: pre-norm h + block(LN(h)) (M2M100, NLLB), or post-norm
        LN(h + block(h)) (Marian, `normalize_before` false)."""
        if c.get('post_norm'):
            return self.layer_norm(self.op('Add', [h, block(h)]), norm_name, d)
        return self.op('Add', [h, block(self.layer_norm(h, norm_name, d))])

    def feed_forward(self, x, prefix, lw, c):
        """fc2(act(fc1(x))): ReLU for M2M100 and NLLB, swish (SiLU) for Marian."""
        x = self.matmul(x, f'{prefix}.fc1.weight', *lw['fc1'])
        x = self.op('Mul', [x, self.op('Sigmoid', [x])]) if c.get('activation') == 'swish' else self.op('Relu', [x])
        return self.matmul(x, f'{prefix}.fc2.weight', *lw['fc2'])

    def final_norm(self, h, name, d, c):
        """Pre-norm stacks end with a layer norm; post-norm ones (Marian) are normalised already."""
        return h if c.get('post_norm') else self.layer_norm(h, name, d)

    def split_heads(self, x, heads, head_dim):
        return self.op('Transpose', [self.op('Reshape', [x, self.const([0, 0, heads, head_dim])])], perm=[0, 2, 1, 3])

    def merge_heads(self, x, d):
        return self.op('Reshape', [self.op('Transpose', [x], perm=[0, 2, 1, 3]), self.const([0, 0, d])])

    def attention(self, q, k, v, mask, head_dim):
        scores = self.op('MatMul', [q, self.op('Transpose', [k], perm=[0, 1, 3, 2])])
        scores = self.op('Add', [self.op('Mul', [scores, self.const(1.0 / math.sqrt(head_dim), np.float32)]), mask])
        return self.op('MatMul', [self.op('Softmax', [scores], axis=-1), v])


def layer_weights(W, prefix, d, ffn, cross):
    names = ['self_attn.q_proj', 'self_attn.k_proj', 'self_attn.v_proj', 'self_attn.out_proj']
    if cross:
        names += ['encoder_attn.q_proj', 'encoder_attn.k_proj', 'encoder_attn.v_proj', 'encoder_attn.out_proj']
    out = {n: (W.normal(f'{prefix}.{n}', (d, d)), W.zeros(d)) for n in names}
    out['fc1'] = (W.normal(f'{prefix}.fc1', (d, ffn)), W.zeros(ffn))
    out['fc2'] = (W.normal(f'{prefix}.fc2', (ffn, d)), W.zeros(d))
    return out


def build_encoder(c, W, embed, positions, quantized):
    d, heads, n = c['d_model'], c['heads'], c['layers']
    hd = d // heads
    g = Graph(quantized)
    ids, mask = 'input_ids', 'attention_mask'
    length = g.op('Gather', [g.op('Shape', [ids]), g.const(1)], axis=0)
    offset = c.get('position_offset', 2)
    pos_ids = g.op('Range', [g.const(offset), g.op('Add', [length, g.const(offset)]), g.const(1)])
    h = g.op('Mul', [g.embedding(ids, 'model.shared.weight', embed), g.const(math.sqrt(d), np.float32)])
    h = g.op('Add', [h, g.op('Gather', [g.init('model.encoder.embed_positions.weights', positions), pos_ids])])
    maskf = g.op('Cast', [g.op('Unsqueeze', [mask, g.const([1, 2])])], to=TensorProto.FLOAT)
    additive = g.op('Mul', [g.op('Sub', [g.const(1.0, np.float32), maskf]), g.const(MASKED, np.float32)])
    for i in range(n):
        p = f'model.encoder.layers.{i}'
        lw = layer_weights(W, p, d, c['ffn'], cross=False)

        def self_attention(x, p=p, lw=lw):
            q = g.split_heads(g.matmul(x, f'{p}.self_attn.q_proj.weight', *lw['self_attn.q_proj']), heads, hd)
            k = g.split_heads(g.matmul(x, f'{p}.self_attn.k_proj.weight', *lw['self_attn.k_proj']), heads, hd)
            v = g.split_heads(g.matmul(x, f'{p}.self_attn.v_proj.weight', *lw['self_attn.v_proj']), heads, hd)
            a = g.merge_heads(g.attention(q, k, v, additive, hd), d)
            return g.matmul(a, f'{p}.self_attn.out_proj.weight', *lw['self_attn.out_proj'])

        h = g.sublayer(h, f'{p}.self_attn_layer_norm', d, c, self_attention)
        h = g.sublayer(h, f'{p}.final_layer_norm', d, c, lambda x, p=p, lw=lw: g.feed_forward(x, p, lw, c))
    h = g.final_norm(h, 'model.encoder.layer_norm', d, c)
    g.nodes.append(helper.make_node('Identity', [h], ['last_hidden_state'], name='output'))
    graph = helper.make_graph(
        g.nodes, 'main_graph',
        [helper.make_tensor_value_info('input_ids', TensorProto.INT64, ['batch_size', 'encoder_sequence_length']),
         helper.make_tensor_value_info('attention_mask', TensorProto.INT64, ['batch_size', 'encoder_sequence_length'])],
        [helper.make_tensor_value_info('last_hidden_state', TensorProto.FLOAT,
                                       ['batch_size', 'encoder_sequence_length', d])],
        g.inits)
    return graph


def build_decoder(c, W, embed, positions, quantized):
    """The merged decoder in Optimum's layout: one If node on use_cache_branch whose two branches are
    whole decoders over the graph's inputs. The first step (no cache) computes the cross-attention
    keys and values from the encoder output and returns them; later steps read them from
    past_key_values.*.encoder.* and, having no such outputs of their own, return empty constants of
    shape [0, heads, 1, head_dim], as Optimum's merge gives its with-past branch (so a step copies no
    cross-attention cache, as with the published exports)."""
    d, heads, n = c['d_model'], c['heads'], c['layers']
    hd = d // heads
    layers = [layer_weights(W, f'model.decoder.layers.{i}', d, c['ffn'], cross=True) for i in range(n)]
    branches = {}
    inits = {}  # initializers live at the top level, as in Optimum's merged files (subgraphs see them)
    for use_cache in (True, False):
        b = Graph(quantized, prefix='then_' if use_cache else 'else_')
        outs = decoder_body(b, c, layers, embed, positions, use_cache)
        for tensor in b.inits:  # the same weights in both branches: stored once
            inits.setdefault(tensor.name, tensor)
        branches[use_cache] = helper.make_graph(b.nodes, 'with_past' if use_cache else 'no_past', [],
                                                [helper.make_tensor_value_info(o, TensorProto.FLOAT, None) for o in outs])
    output_names = ['logits'] + [f'present.{i}.{kind}.{part}' for i in range(n)
                                 for kind in ('decoder', 'encoder') for part in ('key', 'value')]
    nodes = [helper.make_node('If', ['use_cache_branch'], output_names, name='optimum::if',
                              then_branch=branches[True], else_branch=branches[False])]

    batch, enc_len = 'batch_size', 'encoder_sequence_length'
    inputs = [
        helper.make_tensor_value_info('encoder_attention_mask', TensorProto.INT64, [batch, enc_len]),
        helper.make_tensor_value_info('input_ids', TensorProto.INT64, [batch, 'decoder_sequence_length']),
        helper.make_tensor_value_info('encoder_hidden_states', TensorProto.FLOAT, [batch, enc_len, d]),
    ]
    outputs = [helper.make_tensor_value_info('logits', TensorProto.FLOAT, [batch, 'decoder_sequence_length', c['vocab']])]
    for i in range(n):
        for kind, axis in (('decoder', 'past_decoder_sequence_length'), ('encoder', 'encoder_sequence_length_out')):
            for part in ('key', 'value'):
                inputs.append(helper.make_tensor_value_info(f'past_key_values.{i}.{kind}.{part}', TensorProto.FLOAT,
                                                            [batch, heads, axis, hd]))
                out_axis = 'past_decoder_sequence_length + 1' if kind == 'decoder' else 'encoder_sequence_length_out'
                outputs.append(helper.make_tensor_value_info(f'present.{i}.{kind}.{part}', TensorProto.FLOAT,
                                                             [batch, heads, out_axis, hd]))
    inputs.append(helper.make_tensor_value_info('use_cache_branch', TensorProto.BOOL, [1]))
    return helper.make_graph(nodes, 'main_graph', inputs, outputs, list(inits.values()))


def decoder_body(g, c, layers, embed, positions, use_cache):
    """One branch of the merged decoder: its nodes into g; returns its outputs' names (logits, then
    per layer the decoder's key and value and the cross-attention key and value)."""
    d, heads, n = c['d_model'], c['heads'], c['layers']
    hd = d // heads
    ids = 'input_ids'
    past_length = g.op('Gather', [g.op('Shape', ['past_key_values.0.decoder.key']), g.const(2)], axis=0)
    length = g.op('Gather', [g.op('Shape', [ids]), g.const(1)], axis=0)
    total = g.op('Add', [past_length, length])
    query_pos = g.op('Range', [past_length, total, g.const(1)])
    if c.get('output_embedding') is None:
        lm_head = g.weight('lm_head.weight', np.ascontiguousarray(embed.T))
        tokens = g.tied_embedding(ids, lm_head)
    else:  # an output projection of its own (the tiny test models, so they do not repeat their input)
        lm_head = g.weight('lm_head.weight', np.ascontiguousarray(c['output_embedding'].T))
        tokens = g.embedding(ids, 'model.decoder.embed_tokens.weight', embed)
    h = g.op('Mul', [tokens, g.const(math.sqrt(d), np.float32)])
    h = g.op('Add', [h, g.op('Gather', [g.init('model.decoder.embed_positions.weights', positions),
                                        g.op('Add', [query_pos, g.const(c.get('position_offset', 2))])])])
    key_pos = g.op('Range', [g.const(0), total, g.const(1)])
    future = g.op('Greater', [g.op('Unsqueeze', [key_pos, g.const([0])]), g.op('Unsqueeze', [query_pos, g.const([1])])])
    causal = g.op('Where', [future, g.const(MASKED, np.float32), g.const(0.0, np.float32)])
    maskf = g.op('Cast', [g.op('Unsqueeze', ['encoder_attention_mask', g.const([1, 2])])], to=TensorProto.FLOAT)
    cross_mask = g.op('Mul', [g.op('Sub', [g.const(1.0, np.float32), maskf]), g.const(MASKED, np.float32)])
    presents = []
    for i in range(n):
        p, lw = f'model.decoder.layers.{i}', layers[i]
        k = g.name(f'present.{i}.decoder.key')
        v = g.name(f'present.{i}.decoder.value')
        if use_cache:  # the cache's, and empty placeholders for outputs (see build_decoder)
            cross = [f'past_key_values.{i}.encoder.key', f'past_key_values.{i}.encoder.value']
            cross_out = []
            for part in ('key', 'value'):
                out = g.name(f'present.{i}.encoder.{part}')
                empty = helper.make_tensor(out + '_empty', TensorProto.FLOAT, [0, heads, 1, hd], [])
                g.nodes.append(helper.make_node('Constant', [], [out], value=empty))
                cross_out.append(out)
        else:  # computed from the encoder output, and returned for the later steps
            cross = []
            for proj in ('k_proj', 'v_proj'):
                w = f'{p}.encoder_attn.{proj}'
                cross.append(g.split_heads(g.matmul('encoder_hidden_states', w + '.weight', *lw[f'encoder_attn.{proj}']),
                                           heads, hd))
            cross_out = cross

        def self_attention(x, i=i, p=p, lw=lw, k=k, v=v):
            q = g.split_heads(g.matmul(x, f'{p}.self_attn.q_proj.weight', *lw['self_attn.q_proj']), heads, hd)
            k_new = g.split_heads(g.matmul(x, f'{p}.self_attn.k_proj.weight', *lw['self_attn.k_proj']), heads, hd)
            v_new = g.split_heads(g.matmul(x, f'{p}.self_attn.v_proj.weight', *lw['self_attn.v_proj']), heads, hd)
            g.nodes.append(helper.make_node('Concat', [f'past_key_values.{i}.decoder.key', k_new], [k], axis=2))
            g.nodes.append(helper.make_node('Concat', [f'past_key_values.{i}.decoder.value', v_new], [v], axis=2))
            a = g.merge_heads(g.attention(q, k, v, causal, hd), d)
            return g.matmul(a, f'{p}.self_attn.out_proj.weight', *lw['self_attn.out_proj'])

        def cross_attention(x, p=p, lw=lw, cross=cross):
            q = g.split_heads(g.matmul(x, f'{p}.encoder_attn.q_proj.weight', *lw['encoder_attn.q_proj']), heads, hd)
            a = g.merge_heads(g.attention(q, cross[0], cross[1], cross_mask, hd), d)
            return g.matmul(a, f'{p}.encoder_attn.out_proj.weight', *lw['encoder_attn.out_proj'])

        h = g.sublayer(h, f'{p}.self_attn_layer_norm', d, c, self_attention)
        h = g.sublayer(h, f'{p}.encoder_attn_layer_norm', d, c, cross_attention)
        h = g.sublayer(h, f'{p}.final_layer_norm', d, c, lambda x, p=p, lw=lw: g.feed_forward(x, p, lw, c))
        presents += [k, v, *cross_out]
    h = g.final_norm(h, 'model.decoder.layer_norm', d, c)
    # The output projection is tied to the embedding; the export stores it transposed.
    logits = g.matmul(h, 'lm_head.weight', None, stored=lm_head)
    if c.get('final_logits_bias') is not None:  # Marian's (and BART's) bias on the output
        logits = g.op('Add', [logits, g.init('final_logits_bias', c['final_logits_bias'])])
    if c.get('steer') is not None:
        logits = c['steer'](g, logits, query_pos)
    return [logits] + presents



def save(graph, path, external=False):
    """Writes the graph; with `external` (or past protobuf's 2 GB) its weights go beside it, in the
    layout of the published float32 export of NLLB distilled 1.3B: the weights in `<file>_data`
    and each position table as a Constant node whose value is a file of its own."""
    if external:
        for tensor in [t for t in graph.initializer if 'embed_positions' in t.name]:
            graph.initializer.remove(tensor)
            graph.node.insert(0, helper.make_node('Constant', [], [tensor.name], name=tensor.name + '_Constant',
                                                  value=tensor))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', OPSET)], producer_name='sema-synthetic')
    model.ir_version = 8
    size = sum(t.ByteSize() for t in graph.initializer)
    if size < 2_000_000_000 and not external:
        onnx.checker.check_model(model)
        onnx.save(model, path)
    else:  # protobuf's 2 GB limit: weights beside the graph, as large exports do
        from onnx import external_data_helper
        external_data_helper.convert_model_to_external_data(
            model, all_tensors_to_one_file=True, location=os.path.basename(path) + '_data', size_threshold=1024,
            convert_attribute=True)
        for node in model.graph.node:
            if node.op_type == 'Constant':
                for attribute in node.attribute:
                    if attribute.HasField('t') and attribute.t.data_location == TensorProto.EXTERNAL:
                        location = '_' + node.name.replace('.', '_') + '_attr__value'
                        external_data_helper.set_external_data(attribute.t, location)
        onnx.save(model, path)
    print(f'  {os.path.basename(path)}: {os.path.getsize(path) / 1e6:.1f} MB', flush=True)


# ---------------------------------------------------------------------------------------------
# Tokenizer and configs


def synthetic_pieces(count):
    """`count` distinct pieces: the characters first (any Latin text tokenizes), then syllable words."""
    chars = list('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?;:\'"-()')
    pieces = ['▁'] + chars + ['▁' + ch for ch in chars]
    consonants, vowels = 'bcdfghjklmnprstvwz', 'aeiou'
    syllables = [a + b for a in consonants for b in vowels]
    seen = set(pieces)
    width = 1
    while len(pieces) < count:
        for index in range(len(syllables) ** width):
            word, rest = '', index
            for _ in range(width):
                word, rest = syllables[rest % len(syllables)] + word, rest // len(syllables)
            for piece in ('▁' + word, word):
                if piece not in seen and len(pieces) < count:
                    seen.add(piece)
                    pieces.append(piece)
            if len(pieces) >= count:
                break
        width += 1
    return pieces


def write_json(folder, name, data):
    with open(os.path.join(folder, name), 'w', encoding='utf-8') as f:
        json.dump(data, f, ensure_ascii=False, indent=1 if name != 'tokenizer.json' else None)
        f.write('\n')


def write_tokenizer(folder, vocab_size):
    # The real layout: specials 0–3, sentencepiece pieces, the 202 language tokens, <mask>, then
    # the rows the model has beyond the tokenizer (vocab_size 256,206 vs 256,204 tokens).
    piece_count = vocab_size - 2 - len(SPECIALS) - len(LANGUAGE_TOKENS) - 1
    pieces = synthetic_pieces(piece_count)
    vocab = SPECIALS + pieces + LANGUAGE_TOKENS + ['<mask>']
    ids = {token: index for index, token in enumerate(vocab)}

    def special(token):
        return {'id': ids[token], 'content': token, 'single_word': False, 'lstrip': False,
                'rstrip': False, 'normalized': False, 'special': True}

    scores = [[t, 0.0] for t in SPECIALS] + [[p, -5.0 - len(p) * 0.01 if len(p) > 2 else -9.0] for p in pieces]
    scores += [[t, 0.0] for t in LANGUAGE_TOKENS] + [['<mask>', 0.0]]
    write_json(folder, 'tokenizer.json', {
        'version': '1.0', 'truncation': None, 'padding': None,
        'added_tokens': [special(t) for t in SPECIALS + LANGUAGE_TOKENS + ['<mask>']],
        'normalizer': None,
        'pre_tokenizer': {'type': 'Metaspace', 'replacement': '▁', 'prepend_scheme': 'always', 'split': True},
        'post_processor': {
            'type': 'TemplateProcessing',
            'single': [{'SpecialToken': {'id': 'eng_Latn', 'type_id': 0}}, {'Sequence': {'id': 'A', 'type_id': 0}},
                       {'SpecialToken': {'id': '</s>', 'type_id': 0}}],
            'pair': [{'SpecialToken': {'id': 'eng_Latn', 'type_id': 0}}, {'Sequence': {'id': 'A', 'type_id': 0}},
                     {'Sequence': {'id': 'B', 'type_id': 0}}, {'SpecialToken': {'id': '</s>', 'type_id': 0}}],
            'special_tokens': {t: {'id': t, 'ids': [ids[t]], 'tokens': [t]} for t in ('eng_Latn', '</s>')},
        },
        'decoder': {'type': 'Metaspace', 'replacement': '▁', 'prepend_scheme': 'always', 'split': True},
        'model': {'type': 'Unigram', 'unk_id': UNK, 'byte_fallback': False, 'vocab': scores},
    })
    write_json(folder, 'tokenizer_config.json', {
        'tokenizer_class': 'NllbTokenizer', 'src_lang': 'eng_Latn', 'tgt_lang': None,
        'bos_token': '<s>', 'eos_token': '</s>', 'sep_token': '</s>', 'cls_token': '<s>',
        'unk_token': '<unk>', 'pad_token': '<pad>', 'mask_token': '<mask>',
        'additional_special_tokens': LANGUAGE_TOKENS, 'legacy_behaviour': False,
        'model_max_length': 1024, 'clean_up_tokenization_spaces': True,
    })
    return len(vocab)


def write_configs(folder, c, size):
    write_json(folder, 'config.json', {
        '_name_or_path': f"sema/synthetic-{c['name']}", 'model_type': 'm2m_100',
        'architectures': ['M2M100ForConditionalGeneration'], 'is_encoder_decoder': True,
        'vocab_size': c['vocab'], 'd_model': c['d_model'],
        'encoder_layers': c['layers'], 'decoder_layers': c['layers'],
        'encoder_attention_heads': c['heads'], 'decoder_attention_heads': c['heads'],
        'encoder_ffn_dim': c['ffn'], 'decoder_ffn_dim': c['ffn'], 'activation_function': 'relu',
        'max_position_embeddings': MAX_POSITIONS, 'scale_embedding': True, 'use_cache': True,
        'tokenizer_class': 'NllbTokenizer', 'bos_token_id': BOS, 'pad_token_id': PAD, 'eos_token_id': EOS,
        'decoder_start_token_id': EOS, 'max_length': 200, 'torch_dtype': 'float32',
        'sema_synthetic': {'size': size, 'note': 'seeded random weights; for benchmarks only'},
    })
    write_json(folder, 'generation_config.json', {
        'bos_token_id': BOS, 'pad_token_id': PAD, 'eos_token_id': EOS, 'decoder_start_token_id': EOS,
        'max_length': 200,
    })


def write_matmul_graphs(folder, c):
    """One graph per weight shape of a decoder step, fp32 and q8 built exactly as in the model, for
    the benchmark's roofline: X [rows, K] times a random W [K, N]."""
    os.makedirs(folder, exist_ok=True)
    d, f, v = c['d_model'], c['ffn'], c['vocab']
    W = Weights(7)
    for k, n in sorted({(d, d), (d, f), (f, d), (d, v)}):
        w = W.normal(f'matmul_{k}x{n}', (k, n))
        for dtype in ('fp32', 'q8'):
            g = Graph(dtype == 'q8')
            y = g.matmul('x', 'w', w)
            g.nodes.append(helper.make_node('Identity', [y], ['y']))
            graph = helper.make_graph(g.nodes, 'matmul',
                                      [helper.make_tensor_value_info('x', TensorProto.FLOAT, ['rows', k])],
                                      [helper.make_tensor_value_info('y', TensorProto.FLOAT, ['rows', n])], g.inits)
            model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', OPSET)])
            model.ir_version = 8
            onnx.save(model, os.path.join(folder, f'matmul_{dtype}_{k}x{n}.onnx'))
    print(f'wrote matmul graphs to {os.path.abspath(folder)}', flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('out')
    parser.add_argument('--size', default='600M', choices=[s for s in SIZES if s != '3.3B'])
    parser.add_argument('--dtypes', default='fp32,q8')
    parser.add_argument('--seed', type=int, default=20251125)
    parser.add_argument('--external-data', action='store_true',
                        help='float32 files with their weights beside them, as the 1.3B export has them')
    parser.add_argument('--matmul-only', action='store_true',
                        help='write only the roofline matmul graphs (OUT/matmul_*.onnx)')
    args = parser.parse_args()
    c = SIZES[args.size]
    if args.matmul_only:
        write_matmul_graphs(args.out, c)
        return
    dtypes = args.dtypes.split(',')
    onnx_dir = os.path.join(args.out, 'onnx')
    os.makedirs(onnx_dir, exist_ok=True)
    W = Weights(args.seed)
    print(f'synthetic NLLB {args.size}: d_model {c["d_model"]}, {c["layers"]}+{c["layers"]} layers, '
          f'ffn {c["ffn"]}, vocabulary {c["vocab"]}', flush=True)
    tokens = write_tokenizer(args.out, c['vocab'])
    write_configs(args.out, c, args.size)
    embed = W.normal('model.shared.weight', (c['vocab'], c['d_model']))
    positions = sinusoid_table(c['d_model'])
    for dtype in dtypes:
        suffix = {'fp32': '', 'q8': '_quantized'}[dtype]
        external = args.external_data and dtype == 'fp32'
        save(build_encoder(c, W, embed, positions, dtype == 'q8'), os.path.join(onnx_dir, f'encoder_model{suffix}.onnx'),
             external)
        save(build_decoder(c, W, embed, positions, dtype == 'q8'),
             os.path.join(onnx_dir, f'decoder_model_merged{suffix}.onnx'), external)
    print(f'wrote {os.path.abspath(args.out)} (tokenizer: {tokens} tokens)', flush=True)


if __name__ == '__main__':
    main()
